import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** True for a hash made the old way (see DIGESTED): the next successful login replaces it. */
  needsRehash(hash: string): boolean;
}

/**
 * bcrypt reads only the first 72 bytes of what it hashes: with the password itself, a 100-character passphrase was
 * matched by its first 72 characters alone (18 emoji). So the password's SHA-256 is hashed instead (44 bytes of
 * base64, nothing dropped), and the stored hash is marked with this prefix. A hash without it is bcrypt over the
 * password itself, made before: it still verifies, and is replaced at the next login.
 */
const DIGESTED = 'sha256$';

const digest = (password: string) => createHash('sha256').update(password, 'utf8').digest('base64');

export function createPasswordHasher(cost: number): PasswordHasher {
  return {
    hash: async (password) => DIGESTED + (await bcrypt.hash(digest(password), cost)),
    verify: (password, hash) =>
      hash.startsWith(DIGESTED)
        ? bcrypt.compare(digest(password), hash.slice(DIGESTED.length))
        : bcrypt.compare(password, hash),
    needsRehash: (hash) => !hash.startsWith(DIGESTED),
  };
}
