import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD = 30;

const totpOf = (secret: string, username = '') =>
  new TOTP({
    issuer: 'Mailboard',
    label: username,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  });

/** A new 160-bit secret (RFC 4226's recommendation), its otpauth:// URI and QR code. */
export async function newEnrolment(username: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpOf(secret, username).toString();
  const qr = await QRCode.toDataURL(uri, { margin: 1, width: 240 });
  return { secret, uri, qr };
}

/**
 * RFC 6238 check with one step of clock drift either way. Returns the time step the code
 * belongs to, or null; a step at or before `lastCounter` is refused, so a code seen over
 * someone's shoulder cannot be used again.
 */
export function acceptedCounter(secret: string, code: string, lastCounter: number, now: number) {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const counter = totp.counter({ timestamp: now }) + delta;
  return counter > lastCounter ? counter : null;
}

/** Ten recovery codes `xxxxx-xxxxx` (50 random bits each), shown once. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz234567890'; // 32: no modulo bias
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes carry enough randomness that a fast hash is safe (no scrypt per try). */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('base64url');
