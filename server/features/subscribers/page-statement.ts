import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { postgresPool, type Db } from '../../db/client.js';
import { notFound } from '../../lib/http-errors.js';
import type { OrderingTerm } from '../../lib/ordering.js';
import { claimedPageEnvelope, readPageClaim, type Envelope } from '../../lib/pagination.js';
import { fieldsRepository, type FieldRow } from '../fields/repository.js';
import { BLOCK_ROWS, cutIfUncut } from './page-blocks.js';
import {
  blockOrdering,
  DIRECT_SKIP,
  pageResults,
  pageSelect,
  positionKeys,
  type PageRow,
} from './pages.js';
import { filterWhere, type SubscriberFilter } from './repository.js';
import { subscriberRecord } from './serialize.js';

/**
 * The common subscriber pages in one SQL statement (issue 33): the list's existence, its
 * count and version and the page's rows, all read in one snapshot, plus the version of the
 * custom fields the page's JSON was built with. Pages asked for by a `next`/`previous` link
 * (keyset) and pages near the start (an offset under {@link DIRECT_SKIP}), unfiltered or by
 * state, in any ordering. The statement assumes what it cannot know before running: that the
 * link's version is still the list's, and that the cached custom fields are current. When
 * either turns out wrong, or the page is another kind (deep, a search, an email), this
 * answers undefined and the caller finds the page in steps (pages.ts), as before.
 * The rows are those the steps would return: the same page query (pageSelect), run on the
 * count and version of its own snapshot instead of ones read just before.
 */
export async function subscriberPageInOneStatement(
  db: Db,
  request: FastifyRequest,
  listId: number,
  filter: SubscriberFilter,
  ordering: () => OrderingTerm[],
): Promise<Envelope<string> | undefined> {
  if (!oneStatement || filter.email !== undefined || filter.search !== undefined) return;
  const claim = readPageClaim(request);
  if (!claim) return;
  let terms: OrderingTerm[];
  try {
    terms = ordering();
  } catch {
    return;
  }
  const keys = positionKeys(terms);
  if (keys) terms = terms.slice(0, keys.length);
  const { claimed } = claim;
  if (claimed ? !keys : claim.offset >= DIRECT_SKIP) return;
  const fields = await cachedFields(db, listId);
  const counts = sql.raw('c');
  const total = filter.state
    ? sql`${counts}.${sql.identifier(filter.state)}`
    : sql`${counts}.active + ${counts}.pending + ${counts}.bounced + ${counts}.unsubscribed`;
  const page = pageSelect(
    db,
    filterWhere(listId, filter),
    terms,
    keys,
    subscriberRecord(fields.fields),
    claimed
      ? {
          from: claimed.position,
          limit: claim.limit,
          offset: 0,
          reverse: claimed.kind === 'before',
        }
      : { limit: claim.limit, offset: claim.offset },
  );
  const row = await run(
    db,
    sql`
    SELECT (SELECT version FROM custom_field_changes)::float8 AS fields_version,
           coalesce(c.version, 0)::float8 AS version,
           coalesce(${total}, 0)::float8 AS total,
           p.items, p.first, p.last
      FROM lists l
      LEFT JOIN list_subscriber_counts c ON c.list_id = l.id
     CROSS JOIN LATERAL (${page}) AS p
     WHERE l.id = ${listId}`,
  );
  if (!row) throw notFound();
  if (row.fields_version !== fields.version) {
    // Built with fields the snapshot no longer has: read them again, next time.
    fieldCache(db).delete(listId);
    return;
  }
  if (claimed && claimed.version !== row.version) return;
  if (!claimed && row.total > BLOCK_ROWS && blockOrdering(terms, keys, filter)) {
    // As the steps do for a page by number (pages.ts, blockPage).
    cutIfUncut(db, listId, row.version);
  }
  const envelope = claimedPageEnvelope(request, row.total, row.version, pageResults(row, keys));
  answered++;
  return envelope;
}

type StatementRow = PageRow & { fields_version: number; version: number; total: number };

const dialect = new PgDialect();

/**
 * On PostgreSQL a named prepared statement (parsed and planned once per connection for
 * each shape of page: ordering, filter, custom fields), named after its text so two texts
 * never share a name. PGlite has no connection to keep one on.
 */
async function run(db: Db, statement: SQL): Promise<StatementRow | undefined> {
  const pool = postgresPool(db);
  if (!pool) {
    const result = (await db.execute(statement)) as unknown as { rows: StatementRow[] };
    return result.rows[0];
  }
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `subscriber_page_${createHash('sha1').update(text).digest('base64url')}`;
  const result = await pool.query<StatementRow>({ name, text, values: params });
  return result.rows[0];
}

type CachedFields = { version: number; fields: FieldRow[] };
// Per database (tests and the benchmark open several in one process).
const fieldCaches = new WeakMap<object, Map<number, CachedFields>>();
const MAX_LISTS = 1000;

const fieldCache = (db: Db) => {
  let cache = fieldCaches.get(db);
  if (!cache) fieldCaches.set(db, (cache = new Map()));
  return cache;
};

/**
 * The list's custom fields as last read, with the version of custom_field_changes read
 * before them: a change committed in between leaves an older version beside newer fields,
 * which the next page's statement finds different, never the reverse.
 */
async function cachedFields(db: Db, listId: number): Promise<CachedFields> {
  const cache = fieldCache(db);
  const known = cache.get(listId);
  if (known) return known;
  const result = (await db.execute(
    sql`SELECT version::float8 AS version FROM custom_field_changes`,
  )) as unknown as { rows: { version: number }[] };
  const version = result.rows[0]?.version ?? 0;
  const fields = await fieldsRepository(db).forList(listId);
  if (cache.size >= MAX_LISTS) cache.delete(cache.keys().next().value!);
  const entry = { version, fields };
  cache.set(listId, entry);
  return entry;
}

let oneStatement = true;
let answered = 0;

/** How many pages the one statement has answered in this process (tests). */
export const oneStatementAnswers = () => answered;

/** Tests compare the one statement's answers with the steps' (page-statement.test.ts). */
export function useOneStatementPages(enabled: boolean): void {
  oneStatement = enabled;
}
