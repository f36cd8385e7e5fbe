import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';

/**
 * Every column of every table that holds `address`, in any letter case (issue 53): text,
 * varchar, arrays of them, json, jsonb and bytea (files), found from information_schema, so
 * a table added later is searched without a change here. The erasure tests expect none
 * after an erasure: a new table of personal data needs a source in features/person-data.
 */
export async function tracesOf(db: Db, address: string): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`SELECT c.table_name, c.column_name, c.data_type
          FROM information_schema.columns c
          JOIN information_schema.tables t
            ON t.table_schema = c.table_schema AND t.table_name = c.table_name
         WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
           AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')
                OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))
         ORDER BY 1, 2`,
  );
  const pattern = `%${address.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const found: string[] = [];
  for (const c of columns) {
    const column = sql.identifier(c.column_name);
    // Bytes as text with non-ASCII bytes escaped: an ASCII address is found whatever surrounds it.
    const text = c.data_type === 'bytea' ? sql`encode(${column}, 'escape')` : sql`${column}::text`;
    const [hit] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(c.table_name)} WHERE ${text} ILIKE ${pattern}`,
    );
    if (Number(hit?.n) > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}
