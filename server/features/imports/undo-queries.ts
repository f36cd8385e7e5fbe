import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { withActor } from '../../lib/actor.js';

/** An undo as a worker holds it; `lease` is the `undo_locked_at` it wrote (as an import's). */
export type ClaimedUndo = {
  importId: number;
  listId: number;
  file: string;
  userId: number | null;
  removeMailed: boolean;
  phase: 'updated' | 'created';
  cursor: number;
  lease: Date;
};

export class UndoLeaseLostError extends Error {
  constructor(importId: number) {
    super(`The undo of import ${importId} was taken over by another worker.`);
  }
}

const nextLease = sql.raw(
  `greatest(clock_timestamp(), coalesce(undo_locked_at, '-infinity') + interval '1 millisecond')`,
);

/** Queues the undo of a finished import, or says why it cannot start. */
export async function requestUndo(
  db: Executor,
  where: { listId: number; importId: number },
  by: { userId: number; removeMailed: boolean },
): Promise<'queued' | 'not-found' | 'unfinished' | 'twice'> {
  const [row] = await queryRows<{ queued: boolean; status: string; undo_status: string | null }>(
    db,
    sql`
    WITH target AS (
      SELECT id, status, undo_status FROM imports
       WHERE id = ${where.importId} AND list_id = ${where.listId} AND status <> 'uploading'
         FOR UPDATE
    ), queued AS (
      UPDATE imports i SET undo_status = 'queued', undo_user = ${by.userId},
             undo_remove_mailed = ${by.removeMailed}, undo_requested_at = now()
        FROM target t
       WHERE i.id = t.id AND t.status IN ('done', 'failed') AND t.undo_status IS NULL
      RETURNING i.id
    )
    SELECT EXISTS (SELECT 1 FROM queued) AS queued, status, undo_status FROM target`,
  );
  if (!row) return 'not-found';
  if (row.queued) return 'queued';
  return row.undo_status ? 'twice' : 'unfinished';
}

type UndoClaimRow = {
  id: number;
  list_id: number;
  file: string;
  undo_user: number | null;
  undo_remove_mailed: boolean;
  undo_phase: 'updated' | 'created';
  undo_cursor: number;
  undo_locked_at: Date;
};

/** Claims the oldest queued undo, or a running one whose worker stopped writing (crashed). */
export async function claimUndo(db: Executor, staleAfterMs: number) {
  const [row] = await queryRows<UndoClaimRow>(
    db,
    sql`
    WITH next AS (
      SELECT id FROM imports
       WHERE undo_status = 'queued'
          OR (undo_status = 'running' AND (undo_locked_at IS NULL
              OR undo_locked_at < now() - ${staleAfterMs} * interval '1 millisecond'))
       ORDER BY id LIMIT 1
       FOR UPDATE SKIP LOCKED
    )
    UPDATE imports AS i SET undo_status = 'running', undo_locked_at = ${nextLease}
      FROM next WHERE i.id = next.id
    RETURNING i.id, i.list_id, i.file, i.undo_user, i.undo_remove_mailed, i.undo_phase,
      i.undo_cursor, i.undo_locked_at`,
  );
  if (!row) return undefined;
  const undo: ClaimedUndo = {
    importId: row.id,
    listId: row.list_id,
    file: row.file,
    userId: row.undo_user,
    removeMailed: row.undo_remove_mailed,
    phase: row.undo_phase,
    cursor: row.undo_cursor,
    lease: new Date(row.undo_locked_at),
  };
  return undo;
}

/** Lets go of an undo on shutdown, so the next worker resumes it at once. */
export async function releaseUndo(db: Executor, undo: ClaimedUndo) {
  await db.execute(
    sql`UPDATE imports SET undo_locked_at = NULL
         WHERE id = ${undo.importId} AND undo_locked_at = ${undo.lease}`,
  );
}

/**
 * The ids of the subscribers an import created, as a multirange: its batches' `created`
 * history rows (one per INSERT or COPY statement, holding the statement's ids), so nothing
 * per created row has to be recorded while importing.
 */
export async function createdIds(db: Executor, undo: ClaimedUndo): Promise<string | null> {
  const [row] = await queryRows<{ ids: string | null }>(
    db,
    sql`
    SELECT range_agg(r)::text AS ids FROM (
      SELECT unnest(coalesce(created_ids,
               int4multirange(int4range(subscriber_id, subscriber_id, '[]')))) AS r
        FROM subscriber_history
       WHERE list_id = ${undo.listId} AND import_id = ${undo.importId} AND kind = 'created'
    ) AS created`,
  );
  return row?.ids && row.ids !== '{}' ? row.ids : null;
}

type StepCounts = { last: number | null; done: number; conflicts: number; kept: number };

/**
 * Restores up to `limit` subscribers the import updated, after the cursor: their values
 * before it, exactly, state and `update_datetime`/`update_user` included; one whose
 * `update_datetime` is no longer the one the import wrote changed since and is left.
 */
function restoreUpdated(tx: Executor, undo: ClaimedUndo, limit: number) {
  const before = (field: string) => sql.raw(`c.before->>'${field}'`);
  return queryRows<StepCounts>(
    tx,
    sql`
    WITH batch AS (
      SELECT subscriber_id, written_at, before FROM import_updates
       WHERE import_id = ${undo.importId} AND subscriber_id > ${undo.cursor}
       ORDER BY subscriber_id LIMIT ${limit}
    ), c AS (
      SELECT s.id, s.update_datetime = b.written_at AS unchanged, b.before
        FROM batch b JOIN subscribers s ON s.id = b.subscriber_id
         FOR UPDATE OF s
    ), restored AS (
      UPDATE subscribers s SET subscription = ${before('subscription')},
             first_name = ${before('first_name')}, last_name = ${before('last_name')},
             gender = ${before('gender')}, date_of_birth = (${before('date_of_birth')})::date,
             language = ${before('language')}, region = ${before('region')},
             custom = c.before->'custom',
             update_datetime = (${before('update_datetime')})::timestamptz,
             update_user = (${before('update_user')})::integer
        FROM c WHERE s.id = c.id AND c.unchanged
      RETURNING s.id
    ), conflicted AS (
      INSERT INTO import_undo_conflicts (import_id, subscriber_id)
      SELECT ${undo.importId}, id FROM c WHERE NOT unchanged
      ON CONFLICT DO NOTHING RETURNING 1
    )
    SELECT (SELECT max(subscriber_id) FROM batch) AS last,
           (SELECT count(*) FROM restored)::int AS done,
           (SELECT count(*) FROM conflicted)::int AS conflicts, 0 AS kept`,
  );
}

/**
 * Deletes up to `limit` subscribers the import created, after the cursor, unless they
 * changed since (`update_datetime` moved from `create_datetime`: left as a conflict) or a
 * mailing reached them (kept, unless the undo removes those too).
 */
function deleteCreated(tx: Executor, undo: ClaimedUndo, ids: string, limit: number) {
  return queryRows<StepCounts>(
    tx,
    sql`
    WITH batch AS (
      SELECT s.id, s.update_datetime <> s.create_datetime AS changed,
             EXISTS (SELECT 1 FROM delivery_recipients d WHERE d.subscriber_id = s.id
                        AND d.state IN ('sending', 'sent', 'bounced')) AS mailed
        FROM subscribers s
       WHERE s.list_id = ${undo.listId} AND s.id > ${undo.cursor}
         AND s.id < upper(${ids}::int4multirange) AND s.id <@ ${ids}::int4multirange
       ORDER BY s.id LIMIT ${limit}
         FOR UPDATE OF s
    ), gone AS (
      DELETE FROM subscribers s USING batch b
       WHERE s.id = b.id AND NOT b.changed AND (NOT b.mailed OR ${undo.removeMailed})
      RETURNING s.id
    ), conflicted AS (
      INSERT INTO import_undo_conflicts (import_id, subscriber_id)
      SELECT ${undo.importId}, id FROM batch WHERE changed
      ON CONFLICT DO NOTHING RETURNING 1
    )
    SELECT (SELECT max(id) FROM batch) AS last, (SELECT count(*) FROM gone)::int AS done,
           (SELECT count(*) FROM conflicted)::int AS conflicts,
           (SELECT count(*) FROM batch WHERE mailed AND NOT changed
              AND NOT ${undo.removeMailed})::int AS kept`,
  );
}

/**
 * One step of an undo in one transaction: up to `limit` rows of its phase, the counters and
 * the resume point (phase, cursor), under the lease. Resolves to the rows it changed or
 * left; the undo ends (done) when the created phase finds no more.
 */
export async function undoStep(
  db: Db,
  undo: ClaimedUndo,
  ids: string | null,
  limit: number,
): Promise<{ finished: boolean; rows: number }> {
  return db.transaction(async (tx) => {
    const file = `Undo of ${undo.file}`;
    await withActor(tx, { userId: undo.userId, via: 'import', importId: undo.importId, file });
    const [step] =
      undo.phase === 'updated'
        ? await restoreUpdated(tx, undo, limit)
        : ids
          ? await deleteCreated(tx, undo, ids, limit)
          : [{ last: null, done: 0, conflicts: 0, kept: 0 }];
    const last = step?.last ?? null;
    const phaseOver = last === null;
    const finished = phaseOver && undo.phase === 'created';
    const phase = phaseOver ? 'created' : undo.phase;
    const cursor = phaseOver ? 0 : last;
    const end = finished
      ? sql`undo_status = 'done', undo_finished_at = now(), undo_locked_at = NULL`
      : sql`undo_locked_at = ${nextLease}`;
    const counter = undo.phase === 'updated' ? sql.raw('undo_restored') : sql.raw('undo_deleted');
    const [row] = await queryRows<{ undo_locked_at: Date | null }>(
      tx,
      sql`
      UPDATE imports SET ${counter} = ${counter} + ${step?.done ?? 0},
             undo_conflicts = undo_conflicts + ${step?.conflicts ?? 0},
             undo_kept_mailed = undo_kept_mailed + ${step?.kept ?? 0},
             undo_phase = ${phase}, undo_cursor = ${cursor}, ${end}
       WHERE id = ${undo.importId} AND undo_locked_at = ${undo.lease}
      RETURNING undo_locked_at`,
    );
    if (!row) throw new UndoLeaseLostError(undo.importId);
    if (row.undo_locked_at) undo.lease = new Date(row.undo_locked_at);
    undo.phase = phase;
    undo.cursor = cursor;
    return { finished, rows: Number(step?.done ?? 0) + Number(step?.conflicts ?? 0) };
  });
}
