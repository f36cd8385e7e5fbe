import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { transactionWithCopy } from '../../db/copy.js';
import type { ImportRowError } from '../../db/schema/imports.js';
import { withActor } from '../../lib/actor.js';
import { subscriberInserter, type SubscriberInserter } from './insert-subscribers.js';
import { updateExisting } from './update-subscribers.js';
import { refuseSuppressed } from './refuse-suppressed.js';
import { IMPORT_MAX_ERRORS } from '../../../contract/imports.js';
import type { ImportUpkeep } from './upkeep.js';
import { queryRows } from '../../db/query-rows.js';
import type { RawRow } from '../../db/raw-row.js';
import type { imports } from '../../db/schema/index.js';
import type { SubscriberValues } from './rows.js';

/** A job as a worker holds it. `lease` is the `locked_at` it wrote: every later write
 * checks it, so a worker that lost the job (stale, taken over) cannot write any more. */
export type ClaimedJob = {
  id: number;
  listId: number;
  createUser: number | null;
  encoding: string;
  delimiter: string;
  hasHeader: boolean;
  ignoreInvalidFields: boolean;
  dateFormat: string;
  fields: string[];
  onExisting: 'skip' | 'update';
  processedRows: number;
  storedErrors: number;
  lease: Date;
};

export class LeaseLostError extends Error {
  constructor(importId: number) {
    super(`Import ${importId} was taken over by another worker.`);
  }
}

/**
 * A new lease value: now, but always later than the one it replaces (timestamps are kept to
 * the millisecond), so two claims of one job never hold equal leases.
 */
const nextLease = sql.raw(
  `greatest(clock_timestamp(), coalesce(locked_at, '-infinity') + interval '1 millisecond')`,
);

type ClaimRow = Pick<
  RawRow<typeof imports>,
  | 'id'
  | 'list_id'
  | 'create_user'
  | 'encoding'
  | 'delimiter'
  | 'has_header'
  | 'ignore_invalid_fields'
  | 'date_format'
  | 'fields'
  | 'on_existing'
  | 'processed_rows'
> & { stored_errors: number; locked_at: Date };

/**
 * Claims the oldest queued import, or a running one whose worker stopped writing for
 * `staleAfterMs` (crashed) or let go of it (`locked_at` null). SKIP LOCKED lets replicas
 * claim side by side without waiting on each other.
 */
export async function claimJob(
  db: Executor,
  staleAfterMs: number,
): Promise<ClaimedJob | undefined> {
  const [row] = await queryRows<ClaimRow>(
    db,
    sql`
    WITH next AS (
      SELECT id FROM imports
       WHERE status = 'queued'
          OR (status = 'running' AND (locked_at IS NULL
              OR locked_at < now() - ${staleAfterMs} * interval '1 millisecond'))
       ORDER BY id
       LIMIT 1
       FOR UPDATE SKIP LOCKED
    )
    UPDATE imports AS i SET status = 'running', locked_at = ${nextLease}
      FROM next WHERE i.id = next.id
    RETURNING i.id, i.list_id, i.create_user, i.encoding, i.delimiter, i.has_header,
      i.ignore_invalid_fields, i.date_format, i.fields, i.on_existing, i.processed_rows,
      jsonb_array_length(i.errors) AS stored_errors, i.locked_at`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    listId: row.list_id,
    createUser: row.create_user,
    encoding: row.encoding,
    delimiter: row.delimiter,
    hasHeader: row.has_header,
    ignoreInvalidFields: row.ignore_invalid_fields,
    dateFormat: row.date_format,
    fields: row.fields,
    onExisting: row.on_existing,
    processedRows: row.processed_rows,
    storedErrors: Number(row.stored_errors),
    lease: new Date(row.locked_at),
  };
}

export async function chunkCount(db: Executor, importId: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM import_chunks WHERE import_id = ${importId}`,
  );
  return Number(row?.n ?? 0);
}

/** One stored chunk (as hex text on the way, see `insertChunk`). */
export async function readChunk(db: Executor, importId: number, seq: number) {
  const [row] = await queryRows<{ hex: string }>(
    db,
    sql`SELECT encode(data, 'hex') AS hex FROM import_chunks
         WHERE import_id = ${importId} AND seq = ${seq}`,
  );
  return row ? Buffer.from(row.hex, 'hex') : undefined;
}

/** Renews the lease; throws when another worker holds the job now. */
export async function renewLease(db: Executor, job: ClaimedJob) {
  const [row] = await queryRows<{ locked_at: Date }>(
    db,
    sql`UPDATE imports SET locked_at = ${nextLease}
         WHERE id = ${job.id} AND locked_at = ${job.lease} RETURNING locked_at`,
  );
  if (!row) throw new LeaseLostError(job.id);
  job.lease = new Date(row.locked_at);
}

/** Lets go of a job on shutdown, so the next worker resumes it at once. */
export async function releaseJob(db: Executor, job: ClaimedJob) {
  await db.execute(
    sql`UPDATE imports SET locked_at = NULL WHERE id = ${job.id} AND locked_at = ${job.lease}`,
  );
}

export type BatchOutcome = {
  /** Data records consumed up to the end of this batch (the resume point). */
  processedRows: number;
  candidates: SubscriberValues[];
  skippedDuplicate: number;
  invalid: number;
  errors: ImportRowError[];
  /** The last batch: the job becomes done (or failed, with `failure`). */
  final?: { failure?: ImportRowError };
};

/**
 * One batch in one transaction: the new subscribers (an address already in the list, in
 * any state, is left alone and counted as existing: insert-subscribers.ts), the counters,
 * the kept errors and the resume point. After a crash the job resumes from
 * `processed_rows` with nothing of this batch half-written.
 */
export async function commitBatch(
  db: Db,
  job: ClaimedJob,
  subscription: 'active' | 'pending',
  batch: BatchOutcome,
  options: { upkeep?: Pick<ImportUpkeep, 'prepare'>; insert?: SubscriberInserter } = {},
): Promise<{ created: number; updated: number; skippedExisting: number }> {
  const { upkeep, insert = subscriberInserter() } = options;
  return transactionWithCopy(db, async (tx, copyCsv) => {
    await withActor(tx, { userId: job.createUser, via: 'import', importId: job.id });
    let created = 0;
    let updated = 0;
    const { accepted, refused } = await refuseSuppressed(tx, batch.candidates);
    if (accepted.length > 0) {
      await upkeep?.prepare(tx);
      const target = { listId: job.listId, userId: job.createUser, subscription };
      let fresh = accepted;
      if (job.onExisting === 'update') {
        const update = { ...target, importId: job.id, fields: job.fields };
        const outcome = await updateExisting(tx, update, accepted);
        updated = outcome.updated;
        // The rest are new (COPY's way in stays open), unless added meanwhile.
        if (outcome.existing.size)
          fresh = fresh.filter((row) => !outcome.existing.has(row.email.toLowerCase()));
      }
      if (fresh.length > 0) created = await insert(tx, copyCsv, target, fresh);
    }
    const skippedExisting = accepted.length - created - updated;
    const invalid = batch.invalid + refused.length;
    const failure = batch.final?.failure;
    // Refused rows' errors join the kept ones, in row order, up to IMPORT_MAX_ERRORS in all.
    const room = Math.max(0, IMPORT_MAX_ERRORS - job.storedErrors);
    const kept = [...batch.errors, ...refused].sort((a, b) => a.row - b.row).slice(0, room);
    const errors = failure ? [...kept, failure] : kept;
    const done = batch.final
      ? sql`, status = ${failure ? 'failed' : 'done'}, finished_at = now(), locked_at = NULL,
            total_rows = created + skipped_existing + skipped_duplicate + invalid
              + updated
              + ${created + updated + skippedExisting + batch.skippedDuplicate + invalid}`
      : sql`, locked_at = ${nextLease}`;
    const [committed] = await queryRows<{ locked_at: Date | null }>(
      tx,
      sql`
      UPDATE imports SET
        processed_rows = ${batch.processedRows},
        created = created + ${created},
        updated = updated + ${updated},
        skipped_existing = skipped_existing + ${skippedExisting},
        skipped_duplicate = skipped_duplicate + ${batch.skippedDuplicate},
        invalid = invalid + ${invalid},
        errors = errors || ${JSON.stringify(errors)}::jsonb,
        update_datetime = now()
        ${done}
      WHERE id = ${job.id} AND locked_at = ${job.lease} AND processed_rows = ${job.processedRows}
      RETURNING locked_at`,
    );
    // Rolls the whole batch back: another worker owns the job now.
    if (!committed) throw new LeaseLostError(job.id);
    if (committed.locked_at) job.lease = new Date(committed.locked_at);
    job.processedRows = batch.processedRows;
    job.storedErrors += kept.length;
    return { created, updated, skippedExisting };
  });
}
