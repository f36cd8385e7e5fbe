import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~128 MB and ~0.3 s per hash; the credential
// cache in the auth plugin keeps that off the hot path.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...params, maxmem: 256 * 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$key` with base64 salt and key. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/** Whether `password` matches a stored `hashPassword` result; false for a damaged hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key || rest.length > 0) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // Parameters come from the database; bound them so a damaged row cannot exhaust memory.
  if (!Number.isInteger(params.N) || params.N < 2 || params.N > 2 ** 20) return false;
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > 32) return false;
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > 16) return false;
  const expected = Buffer.from(key, 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  try {
    const actual = await derive(password, Buffer.from(salt, 'base64'), params);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when a username does not exist, so that
 * unknown usernames cost the same time as wrong passwords. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));
