import bcrypt from 'bcryptjs';
import { createPasswordHasher } from './password-hasher';

const hasher = createPasswordHasher(4);
const long = 'correct horse battery staple '.repeat(3); // 87 bytes

describe('password hasher', () => {
  it('tells apart passwords that differ only after their 72nd byte', async () => {
    const hash = await hasher.hash(`${long}A`);
    expect(await hasher.verify(`${long}A`, hash)).toBe(true);
    expect(await hasher.verify(`${long}B`, hash)).toBe(false);
    expect(await hasher.verify(long.slice(0, 72), hash)).toBe(false);
    // what bcrypt over the password itself does, and why the digest is hashed instead
    expect(await bcrypt.compare(`${long}B`, await bcrypt.hash(`${long}A`, 4))).toBe(true);
  });

  it('counts every character of a multi-byte password (18 emoji fill 72 bytes)', async () => {
    const hash = await hasher.hash(`${'🏗'.repeat(18)}x`);
    expect(await hasher.verify(`${'🏗'.repeat(18)}y`, hash)).toBe(false);
    expect(await hasher.verify(`${'🏗'.repeat(18)}x`, hash)).toBe(true);
  });

  it('verifies a hash made before (bcrypt over the password) and marks it for replacing', async () => {
    const old = await bcrypt.hash('secret12', 4);
    expect(await hasher.verify('secret12', old)).toBe(true);
    expect(await hasher.verify('secret13', old)).toBe(false);
    expect(hasher.needsRehash(old)).toBe(true);
    expect(hasher.needsRehash(await hasher.hash('secret12'))).toBe(false);
  });

  it('salts: one password hashes differently each time', async () => {
    expect(await hasher.hash('secret12')).not.toBe(await hasher.hash('secret12'));
  });
});
