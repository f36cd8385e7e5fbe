import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * What a flood of submissions costs the database (issue 50): nothing per blocked post.
 * Submissions refused before any query (honeypot, too fast, a bad proof, invalid, a block
 * whose budget this replica already saw spent) are counted here and written in one
 * statement a second later; the stats read writes them first, so this replica's own
 * counts are never late and another replica's at most a second.
 */
const FLUSH_MS = 1_000;
/** A flood naming many forms flushes early instead of holding more. */
const MAX_KEYS = 5_000;

const hourOf = (ms: number) => Math.floor(ms / 3_600_000) * 3_600_000;

type Pending = { counts: Map<string, number>; timer?: NodeJS.Timeout; flushing: Promise<void> };
const pendingByDb = new WeakMap<object, Pending>();
const pendingOf = (db: Executor) => {
  let pending = pendingByDb.get(db);
  if (!pending) pendingByDb.set(db, (pending = { counts: new Map(), flushing: Promise.resolve() }));
  return pending;
};

/** Counts one outcome of a form now, written with the next flush. */
export function countLater(db: Executor, formId: number, outcome: string) {
  const pending = pendingOf(db);
  const key = `${formId}|${hourOf(Date.now())}|${outcome}`;
  pending.counts.set(key, (pending.counts.get(key) ?? 0) + 1);
  const flush = () => flushOutcomes(db).catch(() => undefined);
  if (pending.counts.size >= MAX_KEYS) void flush();
  else pending.timer ??= setTimeout(flush, FLUSH_MS).unref();
}

/** Writes the counts held so far (forms deleted meanwhile are skipped). */
export function flushOutcomes(db: Executor): Promise<void> {
  const pending = pendingOf(db);
  clearTimeout(pending.timer);
  pending.timer = undefined;
  if (pending.counts.size === 0) return pending.flushing;
  const rows = [...pending.counts].map(([key, count]) => {
    const [form, hour, outcome] = key.split('|');
    return sql`(${Number(form)}::int, ${new Date(Number(hour)).toISOString()}::timestamptz, ${outcome}::text, ${count}::int)`;
  });
  pending.counts = new Map();
  const written = pending.flushing.then(async () => {
    await db.execute(sql`INSERT INTO form_counts (form_id, hour, outcome, count)
      SELECT v.form_id, v.hour, v.outcome, v.count
        FROM (VALUES ${sql.join(rows, sql`, `)}) AS v (form_id, hour, outcome, count)
        JOIN forms f ON f.id = v.form_id
      ON CONFLICT (form_id, hour, outcome) DO UPDATE SET count = form_counts.count + EXCLUDED.count`);
  });
  // A failed write (the database closing) loses those counts, not the next ones.
  pending.flushing = written.catch(() => undefined);
  return written;
}

/*
 * Address blocks whose budget of this hour the database said was spent. A budget only
 * fills within its hour, on every replica, so the answer holds until the hour ends: the
 * next posts from the block are refused without a query.
 */
const MAX_SPENT = 100_000;
const spentByDb = new WeakMap<object, { hour: number; blocks: Set<string> }>();
const spentOf = (db: Executor) => {
  const hour = hourOf(Date.now());
  let spent = spentByDb.get(db);
  if (!spent || spent.hour !== hour || spent.blocks.size >= MAX_SPENT)
    spentByDb.set(db, (spent = { hour, blocks: new Set() }));
  return spent.blocks;
};

export const budgetSpent = (db: Executor, block: string, strict: boolean) =>
  spentOf(db).has(`${block}|${strict}`);

export const rememberSpent = (db: Executor, block: string, strict: boolean) =>
  spentOf(db).add(`${block}|${strict}`);
