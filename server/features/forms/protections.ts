import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import ipaddr from 'ipaddr.js';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

/**
 * The layers of a sign-up form's protection (issue 50, docs/decisions/forms.md), each a
 * question the database or a secret answers, so every replica answers alike.
 */

/**
 * A person needs at least this long to fill in a form; a script posts at once (the default
 * of the plugin's `minFillMs`).
 */
export const MIN_FILL_MS = 3_000;
/** A signed timestamp older than this proves nothing any more (the page was left open). */
const TIMESTAMP_MAX_AGE_MS = 24 * 3_600_000;
const CHALLENGE_TTL_MS = 10 * 60_000;

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url');

/** The hosted page's (and the script's) hidden `_ts`: when it was served, for which form. */
export const signTimestamp = (secret: string, formId: number, now = Date.now()) =>
  `${now}.${hmac(secret, `form-ts:${formId}:${now}`)}`;

/**
 * `none`: no usable timestamp (a static snippet, or one too old); `forged`: a signature that
 * does not match; `early`: younger than `minFillMs`.
 */
export function checkTimestamp(
  secret: string,
  formId: number,
  value: string | undefined,
  minFillMs = MIN_FILL_MS,
  now = Date.now(),
): 'none' | 'forged' | 'early' | 'ok' {
  if (!value) return 'none';
  const [time = '', signature = ''] = value.split('.');
  const issued = Number(time);
  const expected = Buffer.from(hmac(secret, `form-ts:${formId}:${time}`));
  const given = Buffer.from(signature);
  if (
    !/^\d{1,15}$/.test(time) ||
    expected.length !== given.length ||
    !timingSafeEqual(expected, given)
  )
    return 'forged';
  if (now - issued < minFillMs) return 'early';
  if (now - issued > TIMESTAMP_MAX_AGE_MS) return 'none';
  return 'ok';
}

/** A plain dotted quad (no leading zeros, which some parsers read as octal). */
const DOTTED_QUAD =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** The address block an IP is counted in: /24 for IPv4, /56 for IPv6 (IPv4-mapped: IPv4). */
export function addressBlock(ip: string): string {
  // Every post asks, a flood's included: the common case without parsing.
  if (DOTTED_QUAD.test(ip)) return `${ip.slice(0, ip.lastIndexOf('.'))}.0/24`;
  if (!ipaddr.isValid(ip)) return 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') {
    const [a, b, c] = (address as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  parts[3] = parts[3]! & 0xff00;
  return `${parts.map((p) => p.toString(16)).join(':')}::/56`;
}

const hourOf = (now: Date) => sql`date_trunc('hour', ${now.toISOString()}::timestamptz)`;

/**
 * Takes one accepted submission from the block's budget for this hour; false when it is
 * spent, and then the form's `ip_budget` count is added by the same statement. One
 * statement: concurrent submissions on any replica cannot both take the last one.
 */
export async function takeIpBudget(
  db: Executor,
  formId: number,
  block: string,
  strict: boolean,
  limit: number,
) {
  const hour = hourOf(new Date());
  // About one submission in a hundred sweeps the budgets' rows no window needs any more.
  if (Math.random() < 0.01) await pruneBudgets(db);
  const [row] = await queryRows<{ taken: boolean }>(
    db,
    sql`WITH taken AS (
          INSERT INTO form_ip_budget (block, hour, strict, accepted)
          VALUES (${block}, ${hour}, ${strict}, 1)
          ON CONFLICT (block, hour, strict) DO UPDATE SET accepted = form_ip_budget.accepted + 1
            WHERE form_ip_budget.accepted < ${limit}
          RETURNING accepted
        ), refused AS (
          INSERT INTO form_counts (form_id, hour, outcome, count)
          SELECT ${formId}, ${hour}, 'ip_budget', 1 WHERE NOT EXISTS (SELECT 1 FROM taken)
          ON CONFLICT (form_id, hour, outcome) DO UPDATE SET count = form_counts.count + 1
          RETURNING 1
        )
        SELECT EXISTS (SELECT 1 FROM taken) AS taken`,
  );
  return row?.taken === true;
}

async function pruneBudgets(db: Executor) {
  await db.execute(sql`DELETE FROM form_ip_budget WHERE hour < now() - interval '2 hours'`);
  await db.execute(sql`DELETE FROM form_address_budget WHERE mailed < now() - interval '24 hours'`);
}

export const emailHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Takes the address's one opt-in mail of the last 24 hours; false when it was taken. */
export async function takeAddressBudget(db: Executor, email: string) {
  const rows = await queryRows<{ mailed: string }>(
    db,
    sql`INSERT INTO form_address_budget (email_hash, mailed) VALUES (${emailHash(email)}, now())
        ON CONFLICT (email_hash) DO UPDATE SET mailed = now()
          WHERE form_address_budget.mailed < now() - interval '24 hours'
        RETURNING mailed`,
  );
  return rows.length > 0;
}

/** Adds one to a form's count of an outcome in this hour. */
export async function countOutcome(db: Executor, formId: number, outcome: string) {
  await db.execute(sql`INSERT INTO form_counts (form_id, hour, outcome, count)
    VALUES (${formId}, ${hourOf(new Date())}, ${outcome}, 1)
    ON CONFLICT (form_id, hour, outcome) DO UPDATE SET count = form_counts.count + 1`);
}

/**
 * A proof-of-work challenge for a form (ALTCHA's format): the client counts up to a secret
 * number (5,000–20,000 SHA-256 rounds, well under a second); the challenge names its form
 * and is kept until it is used or expires.
 */
export async function issueChallenge(db: Executor, secret: string, formId: number) {
  const now = Date.now();
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(5_000, 20_000),
    deriveKey,
    hmacSignatureSecret: secret,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    data: { form: formId, issued: now },
  });
  // Expired challenges nobody used leave with the next ones handed out.
  await db.execute(sql`DELETE FROM form_challenges WHERE nonce IN
    (SELECT nonce FROM form_challenges WHERE expires < now() LIMIT 100)`);
  await db.execute(sql`INSERT INTO form_challenges (nonce, form_id, expires)
    VALUES (${challenge.parameters.nonce}, ${formId}, ${new Date(now + CHALLENGE_TTL_MS).toISOString()})`);
  return challenge;
}

/**
 * The submission's `altcha` field checked without a query: a valid solution of a challenge
 * we signed for this form and not expired. Returns when the challenge was issued (its
 * minimum fill time counts from there) and its nonce for {@link consumeProof}, or null.
 */
export async function readProof(
  secret: string,
  formId: number,
  field: string,
): Promise<{ issued: number; nonce: string } | null> {
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(field, 'base64').toString('utf8')) as Payload;
  } catch {
    return null;
  }
  const data = payload?.challenge?.parameters?.data;
  const nonce = payload?.challenge?.parameters?.nonce;
  if (!data || data.form !== formId || typeof data.issued !== 'number') return null;
  if (typeof nonce !== 'string') return null;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    return result.verified ? { issued: data.issued, nonce } : null;
  } catch {
    return null;
  }
}

/** Uses the challenge: true the first time (its row is consumed), false on a replay. */
export async function consumeProof(db: Executor, formId: number, nonce: string) {
  const used = await queryRows<{ nonce: string }>(
    db,
    sql`DELETE FROM form_challenges
         WHERE nonce = ${nonce} AND form_id = ${formId} AND expires > now()
        RETURNING nonce`,
  );
  return used.length > 0;
}
