import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';
import type { RawRow } from '../../../db/raw-row.js';
import type { serviceSecrets } from '../../../db/schema/index.js';

/**
 * Signed tokens of the public links in messages (click, open, unsubscribe, opt-in): a key
 * id, the payload in base64url and a truncated HMAC-SHA256, so nobody can forge or
 * enumerate them.
 * - `k` click: recipient log id (or `d<delivery>` when tracking counts only, or `t` for a
 *   test message), the original URL and, from issue 51's click map on, the link's position
 *   among the HTML links to that URL when it is not the first (tokens without it: the first)
 * - `o` open: the same without the URL
 * - `u` unsubscribe: subscriber id and delivery id (0 for none)
 * - `a` opt-in confirmation: subscriber id
 * - `p` preference centre: subscriber id and the day it was signed (days since 1970), so a
 *   link can end (docs/decisions/preference-centre.md)
 */
export type TokenPayload =
  | { kind: 'k'; who: string; url: string; position?: number }
  | { kind: 'o'; who: string }
  | { kind: 'u'; subscriber: number; delivery: number }
  | { kind: 'a'; subscriber: number }
  | { kind: 'p'; subscriber: number; day: number };

export type Signer = { sign(p: TokenPayload): string; verify(token: string): TokenPayload | null };

const SIGNATURE_BYTES = 16;

/** What a key is used for: each token kind and the VERP return path get their own key. */
type KeyPurpose = TokenPayload['kind'] | 'verp';

/**
 * One secret's derived keys (HKDF-SHA256, one per purpose, so a MAC of one kind is never
 * valid as another) and its public key id: 4 base64url characters of the secret's hash,
 * which tells a verifier which of the current and previous secrets signed a token.
 */
export type Key = { id: string; derived(purpose: KeyPurpose): Buffer; legacy: Buffer };

export function deriveKey(secret: string): Key {
  const keys = new Map<KeyPurpose, Buffer>();
  return {
    id: createHash('sha256').update(`mailboard key id\n${secret}`).digest('base64url').slice(0, 4),
    derived(purpose) {
      let key = keys.get(purpose);
      if (!key) {
        key = Buffer.from(hkdfSync('sha256', secret, 'mailboard tokens', `token ${purpose}`, 32));
        keys.set(purpose, key);
      }
      return key;
    },
    legacy: Buffer.from(secret),
  };
}

const mac = (key: Buffer, data: string) =>
  createHmac('sha256', key)
    .update(data)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');

// Compared as text: base64 decoding ignores a last character's spare bits, so a token whose
// text was changed there would otherwise still pass.
const same = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

function encode(p: TokenPayload) {
  const parts =
    p.kind === 'k'
      ? [p.kind, p.who, p.url, ...(p.position && p.position > 1 ? [String(p.position)] : [])]
      : p.kind === 'o'
        ? [p.kind, p.who]
        : p.kind === 'u'
          ? [p.kind, String(p.subscriber), String(p.delivery)]
          : p.kind === 'p'
            ? [p.kind, String(p.subscriber), String(p.day)]
            : [p.kind, String(p.subscriber)];
  return Buffer.from(parts.join('\n')).toString('base64url');
}

function decode(data: string): TokenPayload | null {
  const [kind, a = '', b = '', c] = Buffer.from(data, 'base64url').toString().split('\n');
  const id = (v: string) => (/^\d{1,10}$/.test(v) ? Number(v) : NaN);
  if (kind === 'k' && a && /^https?:\/\//i.test(b)) {
    if (c === undefined) return { kind, who: a, url: b };
    return /^[2-9]$|^[1-9]\d{1,3}$/.test(c) ? { kind, who: a, url: b, position: Number(c) } : null;
  }
  if (kind === 'o' && a) return { kind, who: a };
  if (kind === 'u' && id(a) >= 0 && id(b) >= 0) return { kind, subscriber: id(a), delivery: id(b) };
  if (kind === 'a' && id(a) >= 0) return { kind, subscriber: id(a) };
  if (kind === 'p' && id(a) >= 0 && id(b) >= 0) return { kind, subscriber: id(a), day: id(b) };
  return null;
}

/**
 * Tokens are `<key id>.<payload>.<mac>`, the MAC made with the key derived for the payload's
 * kind. `previous` (TRACKING_SECRET_PREVIOUS) is still accepted, so links already sent keep
 * working while the secret rotates. Tokens of the first format, `<payload>.<mac>` with the
 * secret itself as the key (mails sent before key ids), are accepted with either secret.
 */
export function createSigner(secret: string, previous?: string): Signer {
  const current = deriveKey(secret);
  const keys = previous ? [current, deriveKey(previous)] : [current];
  return {
    sign(p) {
      const data = encode(p);
      return `${current.id}.${data}.${mac(current.derived(p.kind), data)}`;
    },
    verify(token) {
      const parts = token.split('.');
      if (parts.length === 2) {
        const [data, signature] = parts as [string, string];
        if (!data || !keys.some((k) => same(signature, mac(k.legacy, data)))) return null;
        return decode(data);
      }
      if (parts.length !== 3) return null;
      const [id, data, signature] = parts as [string, string, string];
      if (!data) return null;
      const payload = decode(data);
      if (!payload) return null;
      const ok = keys.some(
        (k) => k.id === id && same(signature, mac(k.derived(payload.kind), data)),
      );
      return ok ? payload : null;
    },
  };
}

/**
 * The HMAC key: TRACKING_SECRET when set, else one generated by the first replica and kept
 * in the database, so every replica (and every restart) verifies the links already sent.
 */
export async function loadSecret(db: Executor, configured?: string): Promise<string> {
  if (configured) return configured;
  await db.execute(
    sql`INSERT INTO service_secrets (name, value)
        VALUES ('tracking', ${randomBytes(32).toString('base64url')})
        ON CONFLICT (name) DO NOTHING`,
  );
  const [row] = await queryRows<Pick<RawRow<typeof serviceSecrets>, 'value'>>(
    db,
    sql`SELECT value FROM service_secrets WHERE name = 'tracking'`,
  );
  return row!.value;
}
