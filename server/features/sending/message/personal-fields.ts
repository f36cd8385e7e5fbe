import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';

/**
 * The personalisation values of a batch's subscribers (docs/decisions/block-editor.md), in one
 * query: built-in fields plus custom fields, flat and keyed by name as in the API.
 */
export async function personalFields(
  db: Executor,
  subscriberIds: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  const ids = [...new Set(subscriberIds)];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    id: number | string;
    email: string;
    first_name: string;
    last_name: string;
    gender: string;
    date_of_birth: string | null;
    language: string;
    region: string;
    custom: Record<string, unknown> | null;
  }>(
    db,
    sql`SELECT id, email, first_name, last_name, gender, date_of_birth::text AS date_of_birth,
               language, region, custom
          FROM subscribers WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return new Map(rows.map(({ id, custom, ...own }) => [Number(id), { ...custom, ...own }]));
}
