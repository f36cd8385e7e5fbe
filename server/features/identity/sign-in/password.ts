import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

type ScryptParams = { N: number; r: number; p: number };

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~128 MB and ~0.3–0.7 s per hash; the
// credential cache of Basic callers (authentication/basic-callers.ts) keeps that off the hot path.
export const PRODUCTION_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

// Under vitest (which sets VITEST in its workers, inherited by the servers a test starts) new
// hashes use N=2^10: 2 ms instead of 0.7 s on a 2-core machine, over the thousands of users
// and sign-ins the suite creates. The format, salt, verification and throttling are the same
// code; password.test.ts checks the production parameters. Stored hashes carry their own
// parameters, so verification never depends on this choice.
const PARAMS: ScryptParams = process.env.VITEST ? { N: 2 ** 10, r: 8, p: 1 } : PRODUCTION_PARAMS;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptParams) {
  const options: ScryptOptions = { ...params, maxmem: 256 * 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$key` with base64 salt and key. */
export async function hashPassword(password: string, params = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
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
