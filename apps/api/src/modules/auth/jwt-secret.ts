import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { mongo } from 'mongoose';
import { sharedJwtSecret } from './mongo-jwt-secret';

const SECRET_FILE = 'jwt-secret';

const newSecret = () => randomBytes(48).toString('base64url');

/**
 * JWT_SECRET when configured; otherwise a random secret generated on first start and kept in DATA_DIR, so a
 * restart keeps everyone logged in. Written with O_EXCL so two processes starting at once agree on one secret.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, newSecret(), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`${file} holds a secret shorter than 32 characters; delete it to regenerate`);
  return secret;
}

/**
 * The secret this instance signs with. Unconfigured on MongoDB, it is generated once in the database (issue 16):
 * instances with their own DATA_DIR share it, so a session or page link from one works on all.
 */
export async function jwtSecretFor(
  configured: string | undefined,
  dataDir: string,
  store: { mongoDb?: mongo.Db },
): Promise<string> {
  if (configured) return configured;
  return store.mongoDb ? sharedJwtSecret(store.mongoDb, newSecret) : resolveJwtSecret(undefined, dataDir);
}
