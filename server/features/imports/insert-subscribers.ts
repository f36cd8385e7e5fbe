import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { CopyCsv } from '../../db/copy.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { SubscriberValues } from './rows.js';

/** Email is unique per list, case-insensitively: where an address already in the list shows. */
const UNIQUE_ADDRESS = 'subscribers_list_email_lower';

/** What every row of a batch shares. */
export type BatchTarget = {
  listId: number;
  userId: number | null;
  subscription: 'active' | 'pending';
};

/** Inserts the rows whose address is not in the list yet; resolves to how many. */
export type SubscriberInserter = (
  tx: Executor,
  copyCsv: CopyCsv,
  target: BatchTarget,
  rows: readonly SubscriberValues[],
) => Promise<number>;

/**
 * How a job inserts its batches. COPY is the fastest way in (loading new addresses in 10,000-
 * and 1,000-row batches: +16% rows/s on PostgreSQL 15 and +15% on PGlite over INSERT … ON
 * CONFLICT, which probes the index before each row), but it cannot skip an address the list
 * already has: the whole COPY fails. So a batch tries COPY first, and after a failure
 * inserts with ON CONFLICT DO NOTHING. Batches stay on that path until one finds no address
 * in the list, so re-importing a list's own addresses pays for a failed COPY at most once
 * per run of such batches.
 */
export function subscriberInserter(): SubscriberInserter {
  let copyFirst = true;
  return async (tx, copyCsv, target, rows) => {
    if (copyFirst) {
      // Only the COPY is undone when it meets an address in the list, not the transaction.
      await tx.execute(sql`SAVEPOINT import_copy`);
      try {
        const copied = await copyCsv(`subscribers ${COLUMNS}`, copyRows(target, rows));
        await tx.execute(sql`RELEASE SAVEPOINT import_copy`);
        return copied;
      } catch (error) {
        if (!isUniqueViolation(error, UNIQUE_ADDRESS)) throw error;
        await tx.execute(sql`ROLLBACK TO SAVEPOINT import_copy`);
      }
    }
    const created = await insertNewAddresses(tx, target, rows);
    copyFirst = created === rows.length;
    return created;
  };
}

/** The columns both paths (COPY and INSERT) write, in this order. */
const COLUMNS = `(list_id, create_user, update_user, subscription, email, first_name,
  last_name, gender, date_of_birth, language, region, custom)`;

/** A text value in COPY's CSV: always quoted, so '' stays '' (unquoted it would be NULL). */
const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;

const customJson = (row: SubscriberValues) =>
  Object.keys(row.custom).length ? JSON.stringify(row.custom) : '{}';

/** The rows as COPY reads them, in the order of COLUMNS. */
function copyRows(target: BatchTarget, rows: readonly SubscriberValues[]): string {
  const user = target.userId === null ? '' : String(target.userId);
  const shared = `${target.listId},${user},${user},${target.subscription}`;
  let csv = '';
  for (const r of rows) {
    const birth = r.date_of_birth === null ? '' : quoted(r.date_of_birth);
    const nameAndGender = `${quoted(r.first_name)},${quoted(r.last_name)},${quoted(r.gender)}`;
    csv += `${shared},${quoted(r.email)},${nameAndGender},${birth},${quoted(r.language)},`;
    csv += `${quoted(r.region)},${quoted(customJson(r))}\n`;
  }
  return csv;
}

/**
 * INSERT … ON CONFLICT DO NOTHING: an address already in the list, in any state, is left
 * alone. One array per column through unnest: about twice as fast as multi-row VALUES, and
 * PostgreSQL parses arrays faster than the same rows as JSON.
 */
async function insertNewAddresses(
  tx: Executor,
  target: BatchTarget,
  rows: readonly SubscriberValues[],
): Promise<number> {
  const column = <K extends keyof SubscriberValues>(key: K) => sql.param(rows.map((r) => r[key]));
  const result = await tx.execute(sql`
    INSERT INTO subscribers ${sql.raw(COLUMNS)}
    SELECT ${target.listId}, ${target.userId}, ${target.userId}, ${target.subscription}, r.*
      FROM unnest(${column('email')}::text[], ${column('first_name')}::text[],
        ${column('last_name')}::text[], ${column('gender')}::text[],
        ${column('date_of_birth')}::date[], ${column('language')}::text[],
        ${column('region')}::text[], ${sql.param(rows.map(customJson))}::jsonb[]) AS r
    ON CONFLICT (list_id, lower(email)) DO NOTHING`);
  return insertedRows(result);
}

/** Rows an INSERT wrote, as node-postgres (`rowCount`) or PGlite (`affectedRows`) tell. */
function insertedRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  const count = rowCount ?? affectedRows;
  if (typeof count !== 'number') throw new Error('The driver did not report the inserted rows.');
  return count;
}
