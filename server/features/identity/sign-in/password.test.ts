import { describe, expect, it } from 'vitest';
import { hashPassword, PRODUCTION_PARAMS, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('stores scrypt parameters, salt and key, never the password', async () => {
    const hash = await hashPassword('correct horse', PRODUCTION_PARAMS);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    // A fresh salt each time.
    expect(await hashPassword('correct horse', PRODUCTION_PARAMS)).not.toBe(hash);
  });

  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('treats Unicode-equivalent spellings alike (NFKC)', async () => {
    const hash = await hashPassword('café');
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });

  it('answers false, without throwing, for damaged or hostile stored hashes', async () => {
    const hash = await hashPassword('pw');
    const [, , , , salt, key] = hash.split('$');
    for (const stored of [
      '',
      'plain',
      'bcrypt$1$2$3$4$5',
      `scrypt$abc$8$1$${salt}$${key}`,
      `scrypt$${2 ** 30}$8$1$${salt}$${key}`,
      `scrypt$3$8$1$${salt}$${key}`,
      `scrypt$131072$8$1$${salt}$${Buffer.from('short').toString('base64')}`,
      `${hash}$extra`,
    ]) {
      expect(await verifyPassword('pw', stored), stored).toBe(false);
    }
  });
});
