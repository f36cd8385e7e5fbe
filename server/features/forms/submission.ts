import { sql } from 'drizzle-orm';
import { emailAddress } from '../../../contract/common.js';
import type { FormBlockReason } from '../../../contract/forms.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { FormRow } from './repository.js';
import { withActor } from '../../lib/actor.js';
import { subscribersRepository } from '../subscribers/index.js';
import { suppressionOf } from '../suppressions/index.js';
import {
  checkTimestamp,
  countOutcome,
  MIN_FILL_MS,
  takeAddressBudget,
  takeIpBudget,
  verifyProof,
} from './protections.js';

export type Submission = {
  /** The posted fields (the last value of each name; `lists` may repeat). */
  values: Map<string, string[]>;
  block: string;
  /** The subscriber's language when one is created. */
  language: string;
};

export type SubmissionContext = {
  db: Db;
  secret: string;
  /** Accepted submissions per address block and hour (FORM_IP_BUDGET). */
  ipBudget: number;
};

/** The field bots fill in and people never see (the hosted page hides it, so does the snippet). */
export const HONEYPOT = 'website';
const text = (values: Map<string, string[]>, name: string) => values.get(name)?.at(-1)?.trim();

/**
 * A static snippet (no signed timestamp, no proof) may be any script's target: its block
 * gets a fifth of the budget (at least one an hour).
 */
const strictBudget = (budget: number) => Math.max(1, Math.ceil(budget / 5));

/**
 * Runs a submission through the layers (docs/decisions/forms.md) and acts on it: 'accepted'
 * or why not. The caller answers the same either way.
 */
export async function handleSubmission(
  ctx: SubmissionContext,
  form: FormRow,
  submission: Submission,
): Promise<'accepted' | FormBlockReason> {
  const outcome = await judge(ctx, form, submission);
  await countOutcome(ctx.db, form.id, outcome);
  return outcome;
}

async function judge(
  ctx: SubmissionContext,
  form: FormRow,
  { values, block, language }: Submission,
): Promise<'accepted' | FormBlockReason> {
  const { db, secret } = ctx;
  if (text(values, HONEYPOT)) return 'honeypot';
  const email = emailAddress.safeParse(text(values, 'email') ?? '');
  const asked = (values.get('lists') ?? []).map(Number);
  const chosen =
    form.lists.length === 1 && asked.length === 0
      ? form.lists
      : form.lists.filter((id) => asked.includes(id));
  if (!email.success || chosen.length === 0 || email.data.length > 254) return 'invalid';

  const stamp = checkTimestamp(secret, form.id, text(values, '_ts'));
  if (stamp === 'forged') return 'invalid';
  if (stamp === 'early') return 'too_fast';
  const proof = text(values, 'altcha');
  let proven = false;
  if (proof) {
    const issued = await verifyProof(db, secret, form.id, proof);
    if (issued === null) return 'proof';
    if (Date.now() - issued < MIN_FILL_MS) return 'too_fast';
    proven = true;
  }
  const strict = stamp === 'none' && !proven;
  const limit = strict ? strictBudget(ctx.ipBudget) : ctx.ipBudget;
  if (!(await takeIpBudget(db, block, strict, limit))) return 'ip_budget';

  return subscribe(ctx, form, email.data, chosen, values, language);
}

/**
 * Creates the missing subscriptions: pending on a double-opt-in list (one opt-in mail for
 * all of them), active elsewhere. An address already on a list is left as it is, whatever
 * its state; a suppressed one is skipped, but an erased person may opt in again (confirming
 * lifts the erasure).
 */
async function subscribe(
  { db }: SubmissionContext,
  form: FormRow,
  email: string,
  chosen: number[],
  values: Map<string, string[]>,
  language: string,
): Promise<'accepted' | FormBlockReason> {
  const suppression = await suppressionOf(db, email);
  if (suppression && suppression.reason !== 'erased') return 'accepted';
  const lists = await queryRows<{ id: number; double_opt_in: boolean; has: boolean }>(
    db,
    sql`SELECT l.id, l.double_opt_in,
               EXISTS (SELECT 1 FROM subscribers s WHERE s.list_id = l.id AND lower(s.email) = lower(${email})) AS has
          FROM lists l WHERE l.id = ANY (${`{${chosen.join(',')}}`}::integer[]) ORDER BY l.id`,
  );
  const fresh = lists.filter((l) => !l.has && (l.double_opt_in || !suppression));
  if (fresh.length === 0) return 'accepted';
  if (fresh.some((l) => l.double_opt_in) && !(await takeAddressBudget(db, email)))
    return 'address_budget';
  const custom: Record<string, string> = {};
  for (const name of form.fields) {
    const value = text(values, name);
    if (value) custom[name] = value.slice(0, 255);
  }
  const { first_name: firstName = '', last_name: lastName = '', ...rest } = custom;
  await db.transaction(async (tx) => {
    await withActor(tx, { userId: null, via: 'signup-form' });
    const repo = subscribersRepository(tx);
    const pending: number[] = [];
    for (const list of fresh) {
      const row = await repo.create(
        {
          listId: list.id,
          email,
          firstName,
          lastName,
          language,
          custom: rest,
          subscription: list.double_opt_in ? 'pending' : 'active',
        },
        { userId: null, via: 'signup-form' },
      );
      if (row && list.double_opt_in) pending.push(row.id);
    }
    const [first, ...others] = pending;
    if (first === undefined) return;
    // One opt-in mail (the engine sends the queued row); the others ride on it.
    await tx.execute(sql`
      INSERT INTO optin_confirmations (subscriber_id, state, message_id, form_id, also_subscribers)
      SELECT s.id, CASE WHEN s.id = ${first} THEN 'queued' ELSE 'covered' END,
             '<optin-' || gen_random_uuid() || '@'
               || COALESCE(NULLIF(split_part(l.default_from_email, '@', 2), ''), 'mailboard.invalid') || '>',
             ${form.id},
             CASE WHEN s.id = ${first} THEN ${`{${others.join(',')}}`}::integer[] ELSE '{}' END
        FROM subscribers s JOIN lists l ON l.id = s.list_id
       WHERE s.id = ANY (${`{${pending.join(',')}}`}::integer[])`);
  });
  return 'accepted';
}
