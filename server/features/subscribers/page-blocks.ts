import { sql, type SQL } from 'drizzle-orm';
import type { SubscriptionState } from '../../../contract/subscribers.js';
import type { Executor } from '../../db/client.js';

/**
 * Page blocks (migration 0011): a list's rows in id order and in email order, cut into
 * blocks of about {@link BLOCK_ROWS} rows, each named by its last row's key and counting
 * its rows per state. Summing the counts before a page says in which block the page
 * begins and how many of its rows to skip, so a page reached by its number scans at most
 * one block, at any depth, on the first request as on any other. The triggers keep the
 * counts exact in the transaction of every change; this module cuts the blocks, in short
 * steps in the background (each holds the list's counts row for one small scan).
 */
export const BLOCK_ROWS = 4000;
/** A step cuts at most this many blocks: about 16,000 index entries, ~30 ms on PGlite. */
const PIECES_PER_STEP = 4;

export type BlockOrdering = 'id' | 'email';
const STATES = ['active', 'pending', 'bounced', 'unsubscribed', 'deleted'] as const;
type Key = string | number;

const orderings: Record<BlockOrdering, { key: SQL; column: SQL; type: SQL }> = {
  id: { key: sql`id`, column: sql`id_key`, type: sql`int` },
  // The unique index's expression, so keys compare as the index orders them.
  email: { key: sql`lower(email)`, column: sql`email_key`, type: sql`text` },
};

/** Where an ascending offset falls: the block holding it and how far into it. */
export type BlockStart = {
  /** The last key before the block; none for the first. */
  after?: Key;
  /** The block's last key; none for the tail (the rows after the last block). */
  through?: Key;
  /** Rows of the filter in the block before the offset. */
  skip: number;
  /** Rows of the filter in the block. */
  rows: number;
  /** Rows of the block in any state: past 2 × BLOCK_ROWS it is worth cutting. */
  size: number;
};

type BlockRow = [key: Key, rows: number, size: number, id: number];

/** The list's blocks in key order and its totals (of `states` and of all), one snapshot. */
async function readBlocks(
  db: Executor,
  listId: number,
  ordering: BlockOrdering,
  states: readonly SubscriptionState[],
) {
  const { column } = orderings[ordering];
  const sum = (names: readonly string[]) =>
    sql.join(
      names.map((s) => sql.identifier(s)),
      sql` + `,
    );
  const result = (await db.execute(sql`
    SELECT (SELECT json_build_array(${sum(states)}, ${sum(STATES)})::text
              FROM list_subscriber_counts WHERE list_id = ${listId}) AS totals,
           coalesce((SELECT json_agg(json_build_array(${column}, ${sum(states)}, ${sum(STATES)}, id)
                                     ORDER BY ${column})
                       FROM subscriber_page_blocks
                      WHERE list_id = ${listId} AND ${column} IS NOT NULL), '[]')::text AS blocks
  `)) as unknown as { rows: { totals: string | null; blocks: string }[] };
  const row = result.rows[0]!;
  if (!row.totals) return undefined;
  const [rows, size] = JSON.parse(row.totals) as [number, number];
  return { rows, size, blocks: JSON.parse(row.blocks) as BlockRow[] };
}

/**
 * The block holding the `at`th row (from 0, in ascending key order) of the list's rows in
 * `states`. Without blocks the whole list is one tail.
 */
export async function locateInBlocks(
  db: Executor,
  listId: number,
  ordering: BlockOrdering,
  states: readonly SubscriptionState[],
  at: number,
): Promise<BlockStart> {
  const read = await readBlocks(db, listId, ordering, states);
  if (!read) return { skip: at, rows: 0, size: 0 };
  let before = 0;
  let after: Key | undefined;
  let sizes = 0;
  for (const [key, rows, size] of read.blocks) {
    if (before + rows > at) return { after, through: key, skip: at - before, rows, size };
    before += rows;
    sizes += size;
    after = key;
  }
  return { after, skip: at - before, rows: read.rows - before, size: read.size - sizes };
}

/**
 * One step: cuts up to PIECES_PER_STEP blocks of BLOCK_ROWS rows off the first block
 * (or the tail) holding more than twice that many: the list's rows (any state) when it cut,
 * false when none needs cutting. The
 * list's counts row stays locked for the step, so no change of the list's subscribers
 * commits between the scan and the counts written (every change locks it too).
 */
export async function cutBlocks(
  db: Executor,
  listId: number,
  ordering: BlockOrdering,
  blockRows = BLOCK_ROWS,
): Promise<{ size: number; blocks: number } | false> {
  const { key, column, type } = orderings[ordering];
  return db.transaction(async (tx) => {
    // The lock first, on its own: the blocks are read by the next statement, whose snapshot
    // (READ COMMITTED) then holds every cut and change committed before it.
    await tx.execute(
      sql`SELECT 1 FROM list_subscriber_counts WHERE list_id = ${listId} FOR UPDATE`,
    );
    // A step reads its rows in index order, whatever the planner's statistics say. During an
    // import they are stale (PGlite analyzes at the job's end): the planner then expects a
    // few hundred rows and sorts the whole list instead, ~0.25 s at 300,000 rows on PGlite
    // and growing with the list, while reads wait behind the step.
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    const read = await readBlocks(tx, listId, ordering, STATES);
    if (!read) return false;
    let after: Key | undefined;
    let sizes = 0;
    let target: { through?: Key; id?: number; size: number } | undefined;
    for (const [k, , size, id] of read.blocks) {
      if (size > 2 * blockRows) {
        target = { through: k, id, size };
        break;
      }
      sizes += size;
      after = k;
    }
    if (!target && read.size - sizes > 2 * blockRows) target = { size: read.size - sizes };
    if (!target) return false;
    const pieces = Math.min(PIECES_PER_STEP, Math.floor(target.size / blockRows) - 1);
    const within = [
      after === undefined ? sql`true` : sql`${key} > ${after}::${type}`,
      target.through === undefined ? sql`true` : sql`${key} < ${target.through}::${type}`,
    ];
    const counted = (await tx.execute(sql`
      WITH part AS (
        SELECT k, subscription, (row_number() OVER (ORDER BY k) - 1) / ${blockRows} AS piece
          FROM (SELECT ${key} AS k, subscription FROM subscribers
                 WHERE list_id = ${listId} AND ${sql.join(within, sql` AND `)}
                 ORDER BY ${key} LIMIT ${pieces * blockRows}) AS r
      )
      INSERT INTO subscriber_page_blocks (list_id, ${column}, active, pending, bounced, unsubscribed, deleted)
      SELECT ${listId}, max(k),
             count(*) FILTER (WHERE subscription = 'active'),
             count(*) FILTER (WHERE subscription = 'pending'),
             count(*) FILTER (WHERE subscription = 'bounced'),
             count(*) FILTER (WHERE subscription = 'unsubscribed'),
             count(*) FILTER (WHERE subscription = 'deleted')
        FROM part GROUP BY piece
      RETURNING active, pending, bounced, unsubscribed, deleted
    `)) as unknown as { rows: Record<(typeof STATES)[number], number>[] };
    if (target.id !== undefined) {
      // The cut rows leave the block they were counted in; the tail has no row of its own.
      const total = (state: (typeof STATES)[number]) =>
        counted.rows.reduce((n, r) => n + Number(r[state]), 0);
      await tx.execute(sql`
        UPDATE subscriber_page_blocks SET
          active = active - ${total('active')}, pending = pending - ${total('pending')},
          bounced = bounced - ${total('bounced')}, unsubscribed = unsubscribed - ${total('unsubscribed')},
          deleted = deleted - ${total('deleted')}
         WHERE id = ${target.id}`);
    }
    return counted.rows.length > 0
      ? { size: read.size, blocks: read.blocks.length + counted.rows.length }
      : false;
  });
}

const preparing = new WeakMap<object, Map<number, Promise<void>>>();
const finished = new WeakMap<object, Map<number, number>>();
const allRuns = new Set<Promise<void>>();
/** A page starts no run for a list whose last run ended this recently (see startCutting). */
const RUN_AGAIN_AFTER_MS = 10_000;
const stepGates = new WeakMap<object, () => Promise<void>>();
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * What every step of a run awaits on this database before it starts, instead of a turn of
 * the event loop: on PGlite, the app's wait for a moment without API requests
 * (plugins/request-activity.ts), as its import batches and maintenance do.
 */
export function gateSubscriberPageSteps(db: Executor, beforeStep: () => Promise<void>): void {
  stepGates.set(db, beforeStep);
}

/**
 * Cuts the list's blocks in both orderings until none holds more than twice
 * BLOCK_ROWS rows, in short steps that let other queries in between. Call it after a
 * change of many rows (the end of an import job; a statement changing more than 100 rows
 * drops the list's blocks, migration 0011). One run per list and database at a time; never
 * rejects: without blocks pages are found by offset, only slower.
 */
export function prepareSubscriberPages(
  db: Executor,
  listId: number,
  blockRows = BLOCK_ROWS,
): Promise<void> {
  return startRun(db, listId, blockRows, false);
}

function startRun(db: Executor, listId: number, blockRows: number, fromPage: boolean) {
  let runs = preparing.get(db);
  if (!runs) preparing.set(db, (runs = new Map()));
  const running = runs.get(listId);
  if (running) return running;
  const run = (async () => {
    for (const ordering of ['id', 'email'] as const) {
      let steps = 0;
      let limit = Infinity;
      let cut = 0;
      let step: Awaited<ReturnType<typeof cutBlocks>>;
      while ((step = await cutBlocks(db, listId, ordering, blockRows)) !== false) {
        // Fewer blocks than this run had cut: a bulk change (an import batch) dropped them
        // since the last step. Cutting on would be undone by its next batch and only slow
        // the import (measured: 3× slower on PGlite with the list's page 1 open); the
        // import's end starts a new run, or a later page does.
        if (step.blocks <= cut) return;
        cut = step.blocks;
        // Bounded by about two whole cuts, in case blocks are dropped between a step's
        // counting and the next one's.
        limit = Math.min(limit, 2 * Math.ceil(step.size / blockRows / PIECES_PER_STEP) + 4);
        if (++steps >= limit) break;
        // Requests waiting for the database go first.
        await (stepGates.get(db) ?? nextTurn)();
      }
    }
  })()
    .catch(() => {})
    .finally(() => {
      runs.delete(listId);
      allRuns.delete(run);
      if (!fromPage) return;
      let ends = finished.get(db);
      if (!ends) finished.set(db, (ends = new Map()));
      ends.delete(listId);
      if (ends.size >= 1000) ends.delete(ends.keys().next().value!);
      ends.set(listId, Date.now());
    });
  runs.set(listId, run);
  allRuns.add(run);
  return run;
}

/**
 * A page that found a large block starts a run in the background, unless the list's last
 * run ended within RUN_AGAIN_AFTER_MS (a list being imported loses its blocks with every
 * batch; cutting them again each time would only slow the import and its readers).
 */
export function startCutting(db: Executor, listId: number): void {
  const ended = finished.get(db)?.get(listId);
  if (ended !== undefined && Date.now() - ended < RUN_AGAIN_AFTER_MS) return;
  void startRun(db, listId, BLOCK_ROWS, true);
}

const checked = new WeakMap<object, Map<number, number>>();

/**
 * A shallow page of a large list (page 1, as a list is opened) starts cutting its blocks if it
 * has none (a list just imported, or never paged deep), so they are there when a page deep in
 * it is asked for. Looked up once per list and change counter, after the page's own query.
 */
export function cutIfUncut(db: Executor, listId: number, version: number): void {
  const check = uncutCheck(db, listId, version)
    // A failed look-up only means the blocks are cut later, by a deep page.
    .catch(() => {})
    .finally(() => allRuns.delete(check));
  allRuns.add(check);
}

async function uncutCheck(db: Executor, listId: number, version: number) {
  let versions = checked.get(db);
  if (!versions) checked.set(db, (versions = new Map()));
  if (versions.get(listId) === version) return;
  versions.delete(listId);
  if (versions.size >= 1000) versions.delete(versions.keys().next().value!);
  versions.set(listId, version);
  const { rows } = (await db.execute(
    sql`SELECT 1 FROM subscriber_page_blocks WHERE list_id = ${listId} LIMIT 1`,
  )) as unknown as { rows: unknown[] };
  if (rows.length === 0) startCutting(db, listId);
}

/** Resolves when the runs of {@link prepareSubscriberPages} under way are done (tests, bench). */
export async function subscriberPagesPrepared(): Promise<void> {
  // A check may start a run.
  while (allRuns.size) await Promise.all(allRuns);
}
