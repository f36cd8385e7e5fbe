import { sql } from 'drizzle-orm';
import { emailAddress } from '../../../contract/common.js';
import type { CustomFieldValue } from '../../../contract/fields.js';
import type { FormBlockReason } from '../../../contract/forms.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { askedValues } from './asked-fields.js';
import type { PublicForm } from './form-cache.js';
import { budgetSpent, countLater, rememberSpent } from './outcome-counts.js';
import { inDatabaseLane } from './database-lane.js';
import { withActor } from '../../lib/actor.js';
import { subscribersRepository } from '../subscribers/index.js';
import { suppressionOf } from '../suppressions/index.js';
import {
  checkTimestamp,
  countOutcome,
  consumeProof,
  readProof,
  takeAddressBudget,
  takeIpBudget,
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
  /** The minimum fill time (MIN_FILL_MS; benchmarks shorten it). */
  minFillMs: number;
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
 * or why not. The caller answers the same either way. Whatever a flood can send is refused
 * before any query and counted in memory (outcome-counts.ts); the database is asked only
 * about the proof's single use, the budgets and the subscription, a few submissions at a
 * time (database-lane.ts).
 */
export async function handleSubmission(
  ctx: SubmissionContext,
  form: PublicForm,
  submission: Submission,
): Promise<'accepted' | FormBlockReason> {
  const checked = await check(ctx, form, submission);
  if (typeof checked === 'string') {
    countLater(ctx.db, form.id, checked);
    return checked;
  }
  // A block already spent this hour is refused before it queues for the database.
  if (budgetSpent(ctx.db, submission.block, checked.strict)) {
    countLater(ctx.db, form.id, 'ip_budget');
    return 'ip_budget';
  }
  return inDatabaseLane(ctx.db, async () => {
    const outcome = await decide(ctx, form, submission, checked);
    // ip_budget is counted by the budget's own statement, or in memory.
    if (outcome !== 'ip_budget') await countOutcome(ctx.db, form.id, outcome);
    return outcome;
  });
}

type Checked = {
  email: string;
  chosen: number[];
  custom: Record<string, CustomFieldValue>;
  /** The static snippet's case: neither a signed timestamp nor a proof. */
  strict: boolean;
  /** A solved challenge's nonce, to be used once. */
  nonce?: string;
};

/** All that needs no query: the honeypot, the address, the fields, the stamp, the proof's work. */
async function check(
  { secret, minFillMs }: SubmissionContext,
  form: PublicForm,
  { values }: Submission,
): Promise<Checked | FormBlockReason> {
  if (text(values, HONEYPOT)) return 'honeypot';
  const email = emailAddress.safeParse(text(values, 'email') ?? '');
  const asked = (values.get('lists') ?? []).map(Number);
  const chosen =
    form.lists.length === 1 && asked.length === 0
      ? form.lists
      : form.lists.filter((id) => asked.includes(id));
  if (!email.success || chosen.length === 0 || email.data.length > 254) return 'invalid';
  const custom = askedValues(form.asked, (name) => text(values, name));
  if (!custom) return 'invalid';

  const stamp = checkTimestamp(secret, form.id, text(values, '_ts'), minFillMs);
  if (stamp === 'forged') return 'invalid';
  if (stamp === 'early') return 'too_fast';
  const base = { email: email.data, chosen, custom };
  const field = text(values, 'altcha');
  if (!field) return { ...base, strict: stamp === 'none' };
  const proof = await readProof(secret, form.id, field);
  if (proof === null) return 'proof';
  if (Date.now() - proof.issued < minFillMs) return 'too_fast';
  return { ...base, strict: false, nonce: proof.nonce };
}

async function decide(
  ctx: SubmissionContext,
  form: PublicForm,
  { block, language }: Submission,
  checked: Checked,
): Promise<'accepted' | FormBlockReason> {
  const { db } = ctx;
  const { strict, nonce } = checked;
  // Again: the block may have been found spent while this one waited in the lane.
  if (budgetSpent(db, block, strict)) {
    countLater(db, form.id, 'ip_budget');
    return 'ip_budget';
  }
  if (nonce !== undefined && !(await consumeProof(db, form.id, nonce))) return 'proof';
  const limit = strict ? strictBudget(ctx.ipBudget) : ctx.ipBudget;
  if (!(await takeIpBudget(db, form.id, block, strict, limit))) {
    rememberSpent(db, block, strict);
    return 'ip_budget';
  }
  return subscribe(ctx, form, checked, language);
}

/**
 * Creates the missing subscriptions: pending on a double-opt-in list (one opt-in mail for
 * all of them), active elsewhere. An address already on a list is left as it is, whatever
 * its state; a suppressed one is skipped, but an erased person may opt in again (confirming
 * lifts the erasure).
 */
async function subscribe(
  { db }: SubmissionContext,
  form: PublicForm,
  { email, chosen, custom }: Checked,
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
  const { first_name: first, last_name: last, ...rest } = custom;
  const [firstName, lastName] = [first, last].map((name) => (name ? String(name) : ''));
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
