import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { subscribers } from '../../db/schema/index.js';
import type { OrderingTerm } from '../../lib/ordering.js';
import type { Position, PositionedResults } from '../../lib/pagination.js';

// The SQL of one subscriber page (pages.ts decides where it starts): the ordering's position
// keys, the deferred-join SELECT that answers a page as one row of JSON, and its results.

export type Key = { column: SQL; type: 'int' | 'text'; descending: boolean };

export type PageQuery = {
  from?: Position;
  /** The row at `from` is part of the scan. */
  inclusive?: boolean;
  limit: number;
  offset: number;
  reverse?: boolean;
  /** Sort the matching rows rather than scan an index in the ordering's order. */
  unordered?: boolean;
};

const keyColumns: Record<string, { column: SQL; type: Key['type'] }> = {
  id: { column: sql`${subscribers.id}`, type: 'int' },
  email: { column: sql`lower(${subscribers.email})`, type: 'text' },
  subscription: { column: sql`${subscribers.subscription}`, type: 'text' },
};
const uniqueKeys = new Set(['id', 'email']);

/** The ordering's keys up to the first unique one, if all run one way; else none. */
export function positionKeys(terms: OrderingTerm[]): Key[] | undefined {
  const keys: Key[] = [];
  for (const term of terms) {
    const known = keyColumns[term.name];
    if (!known) return undefined;
    keys.push({ ...known, descending: term.descending });
    if (uniqueKeys.has(term.name)) break;
  }
  return keys.every((k) => k.descending === keys[0]!.descending) ? keys : undefined;
}

/** Rows after `position` in the scan's direction (and the one at it, if `inclusive`). */
function beyond(keys: Key[], position: Position, reverse: boolean, inclusive = false): SQL {
  const forward = keys[0]!.descending === reverse;
  const columns = sql.join(
    keys.map((k) => k.column),
    sql`, `,
  );
  const values = sql.join(
    keys.map((k, i) => sql`${position[i]}::${sql.raw(k.type)}`),
    sql`, `,
  );
  const operator = sql.raw(`${forward ? '>' : '<'}${inclusive ? '=' : ''}`);
  return sql`(${columns}) ${operator} (${values})`;
}

export async function selectPage(
  db: Executor,
  where: SQL,
  terms: OrderingTerm[],
  keys: Key[] | undefined,
  record: SQL,
  query: PageQuery,
): Promise<PositionedResults<string>> {
  const result = (await db.execute(
    pageSelect(db, where, terms, keys, record, query),
  )) as unknown as {
    rows: PageRow[];
  };
  return pageResults(result.rows[0], keys);
}

/** What {@link pageSelect} answers, in one row. */
export type PageRow = { items: string | null; first: string | null; last: string | null };

/**
 * The page's statement: one row back, not one per subscriber: the JSON array of the page in
 * its order (its forward order, whichever way the index was scanned) and the first and last
 * rows' positions. Parsing a thousand result rows cost PGlite more than the rows' SQL.
 */
export function pageSelect(
  db: Executor,
  where: SQL,
  terms: OrderingTerm[],
  keys: Key[] | undefined,
  record: SQL,
  { from, inclusive, limit, offset, reverse = false, unordered = false }: PageQuery,
): SQL {
  // `id + 0` and `lower(email) || ''` sort the same, but no index returns them in order.
  const sortKey = ({ name, column }: OrderingTerm) =>
    !unordered ? column : name === 'id' ? sql`${column} + 0` : sql`${column} || ''`;
  const order = terms.map((term) =>
    term.descending !== reverse ? desc(sortKey(term)) : asc(sortKey(term)),
  );
  const ids = db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(from && keys ? and(where, beyond(keys, from, reverse, inclusive)) : where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  const inOrder = (flip: boolean) =>
    sql.join(
      terms.map(({ column, descending }) => (descending !== flip ? desc(column) : asc(column))),
      sql`, `,
    );
  const position = keys
    ? sql`json_build_array(${sql.join(
        keys.map((k) => k.column),
        sql`, `,
      )})::text`
    : sql`null::text`;
  // With one key, the first and last rows hold its least and greatest value: no sorts.
  const single = keys?.length === 1 ? keys[0]! : undefined;
  const bound = (fn: 'min' | 'max') =>
    sql`nullif(json_build_array(${sql.raw(fn)}(${single!.column}))::text, '[null]')`;
  const [first, last] = single
    ? single.descending
      ? [bound('max'), bound('min')]
      : [bound('min'), bound('max')]
    : [
        sql`(array_agg(${position} ORDER BY ${inOrder(false)}))[1]`,
        sql`(array_agg(${position} ORDER BY ${inOrder(true)}))[1]`,
      ];
  return sql`
    SELECT json_agg(r ORDER BY ${inOrder(false)})::text AS items,
           ${first} AS first, ${last} AS last
      FROM ${subscribers}
      JOIN ${ids} ON ${subscribers.id} = ${ids.id}
     CROSS JOIN LATERAL (SELECT ${record}) AS r`;
}

export function pageResults(
  row: PageRow | undefined,
  keys: Key[] | undefined,
): PositionedResults<string> {
  const positionOf = (text: string | null | undefined) =>
    keys && text ? (JSON.parse(text) as Position) : undefined;
  return {
    // The array's elements, for the envelope's `results` (routes.ts).
    items: row?.items ? [row.items.slice(1, -1)] : [],
    first: positionOf(row?.first),
    last: positionOf(row?.last),
  };
}
