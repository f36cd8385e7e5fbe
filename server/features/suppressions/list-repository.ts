import { sql, type SQL } from 'drizzle-orm';
import type { Suppression, SuppressionReasonName } from '../../../contract/suppressions.js';
import { queryRows } from '../../db/query-rows.js';
import type { Executor } from '../../db/types.js';
import type { PositionedPage, PositionedResults } from '../../lib/pagination.js';

export type SuppressionFilter = { search?: string; reason?: SuppressionReasonName };

type Row = {
  id: string | number;
  email: string | null;
  domain: string | null;
  reason: SuppressionReasonName;
  source: string;
  created: Date | string;
};

/** The API's view: an erased person's entry shows its reason and source, never a hash. */
const serialize = (r: Row): Suppression => ({
  id: Number(r.id),
  email: r.email,
  domain: r.domain,
  reason: r.reason,
  source: r.source,
  created: new Date(r.created).toISOString(),
});

const COLUMNS = sql`id, email, domain, reason, source, created`;

/** LIKE 'prefix%' with the prefix's own % and _ taken literally (text_pattern_ops indexes). */
const prefix = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function where(f: SuppressionFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.search) {
    const p = prefix(f.search);
    parts.push(sql`(email LIKE ${p} OR domain LIKE ${p})`);
  }
  if (f.reason) parts.push(sql`reason = ${f.reason}`);
  return sql.join(parts, sql` AND `);
}

/** The list, newest first, paged by id (a keyset position carried in `next`/`previous` links). */
export function suppressionList(db: Executor) {
  return {
    async state(f: SuppressionFilter) {
      const [counts] = await queryRows<{ n: string | number; version: string | number }>(
        db,
        sql`SELECT n, version FROM suppression_counts`,
      );
      const version = Number(counts?.version ?? 0);
      if (!f.search && !f.reason) return { total: Number(counts?.n ?? 0), version };
      const [row] = await queryRows<{ n: string | number }>(
        db,
        sql`SELECT count(*) AS n FROM suppressions WHERE ${where(f)}`,
      );
      return { total: Number(row!.n), version };
    },

    async page(
      f: SuppressionFilter,
      page: PositionedPage,
    ): Promise<PositionedResults<Suppression>> {
      let rows: Row[];
      if (page.after) {
        rows = await queryRows<Row>(
          db,
          sql`SELECT ${COLUMNS} FROM suppressions WHERE ${where(f)} AND id < ${page.after[0]}
               ORDER BY id DESC LIMIT ${page.limit}`,
        );
      } else if (page.before) {
        rows = (
          await queryRows<Row>(
            db,
            sql`SELECT ${COLUMNS} FROM suppressions WHERE ${where(f)} AND id > ${page.before[0]}
                 ORDER BY id LIMIT ${page.limit}`,
          )
        ).reverse();
      } else {
        rows = await queryRows<Row>(
          db,
          sql`SELECT ${COLUMNS} FROM suppressions WHERE ${where(f)}
               ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
        );
      }
      const items = rows.map(serialize);
      if (items.length === 0) return { items };
      return { items, first: [items[0]!.id], last: [items.at(-1)!.id] };
    },

    async get(id: number) {
      const [row] = await queryRows<Row>(
        db,
        sql`SELECT ${COLUMNS} FROM suppressions WHERE id = ${id}`,
      );
      return row && serialize(row);
    },

    /** The entry of an address or a domain, as stored (lower-cased). */
    async find(key: { email?: string; domain?: string }) {
      const [row] = await queryRows<Row>(
        db,
        key.email !== undefined
          ? sql`SELECT ${COLUMNS} FROM suppressions WHERE email = ${key.email.toLowerCase()}`
          : sql`SELECT ${COLUMNS} FROM suppressions WHERE domain = ${key.domain!.toLowerCase()}`,
      );
      return row && serialize(row);
    },

    async remove(id: number) {
      const rows = await queryRows(db, sql`DELETE FROM suppressions WHERE id = ${id} RETURNING id`);
      return rows.length > 0;
    },

    /** Every entry in id order after `after`, for the export (`size` at a time). */
    async chunk(after: number, size: number) {
      const rows = await queryRows<Row>(
        db,
        sql`SELECT ${COLUMNS} FROM suppressions WHERE id > ${after} ORDER BY id LIMIT ${size}`,
      );
      return rows.map(serialize);
    },
  };
}
