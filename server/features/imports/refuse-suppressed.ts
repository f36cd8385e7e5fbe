import { sql } from 'drizzle-orm';
import type { ImportRowError } from '../../../contract/imports.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { suppressedSql, suppressionMessage, suppressionOf } from '../suppressions/index.js';
import type { SubscriberValues } from './rows.js';

/**
 * Splits a batch's rows into those the list may take and those whose address is suppressed
 * (erased at the person's request, complained, bounced hard, or refused by hand), which are
 * refused with the suppression's own message. One set-based statement per batch, skipped
 * while the suppression list is empty; the reason is read per refused row (they are few).
 */
export async function refuseSuppressed(
  tx: Executor,
  rows: readonly SubscriberValues[],
): Promise<{ accepted: SubscriberValues[]; refused: ImportRowError[] }> {
  const [any] = await queryRows<{ some: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM suppressions) AS some`,
  );
  if (!any?.some) return { accepted: [...rows], refused: [] };
  const found = await queryRows<{ email: string }>(
    tx,
    sql`SELECT e AS email FROM unnest(${sql.param(rows.map((r) => r.email))}::text[]) AS e
         WHERE ${suppressedSql(sql`e`)}`,
  );
  if (found.length === 0) return { accepted: [...rows], refused: [] };
  const suppressed = new Set(found.map((f) => f.email));
  const refused: ImportRowError[] = [];
  for (const row of rows) {
    if (!suppressed.has(row.email)) continue;
    const match = await suppressionOf(tx, row.email);
    const message = suppressionMessage(match?.reason ?? 'manual');
    refused.push({ row: row.fileRow ?? 0, field: 'email', message });
  }
  return { accepted: rows.filter((r) => !suppressed.has(r.email)), refused };
}
