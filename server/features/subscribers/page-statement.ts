import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { SUBSCRIBER_PAGE_SIZES } from '../../../contract/subscribers.js';
import { postgresPool, type Db } from '../../db/client.js';
import { notFound } from '../../lib/http-errors.js';
import type { OrderingTerm } from '../../lib/ordering.js';
import { claimedPageEnvelope, readPageClaim, type Envelope } from '../../lib/pagination.js';
import { fieldsVersionColumn, forgetFields, keptFields } from './list-fields.js';
import { BLOCK_ROWS, cutIfUncut } from './page-blocks.js';
import { pageResults, pageSelect, positionKeys, type PageRow } from './page-select.js';
import { blockOrdering, DIRECT_SKIP } from './pages.js';
import { filterWhere, narrowed, type SubscriberFilter } from './repository.js';
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
  if (!oneStatement || narrowed(filter)) return;
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
  const fields = await keptFields(db, listId);
  const offset = claimed ? 0 : claim.offset;
  // The page's size and offset written into the text, or bound (see `plannedOnce`).
  const known = plannedOnce(claim.limit, offset);
  const statement = compiled(
    JSON.stringify([
      filter.state ?? null,
      terms.map((t) => [t.name, t.descending]),
      claimed ? [claimed.kind, claimed.position.length] : null,
      fields.fields.map((f) => [f.name, f.type]),
      known ? [claim.limit, offset] : null,
    ]),
    () => {
      const counts = sql.raw('c');
      const total = filter.state
        ? sql`${counts}.${sql.identifier(filter.state)}`
        : sql`${counts}.active + ${counts}.pending + ${counts}.bounced + ${counts}.unsubscribed`;
      const list = sql.placeholder('list') as unknown as number;
      const at = (name: string) => sql.placeholder(name) as unknown as number;
      const page = pageSelect(
        db,
        filterWhere(list, filter),
        terms,
        keys,
        subscriberRecord(fields.fields),
        {
          limit: known ? literal(claim.limit) : at('limit'),
          offset: known ? literal(offset) : at('offset'),
          ...(claimed
            ? {
                from: claimed.position.map((_, i) => at(`p${i}`)),
                reverse: claimed.kind === 'before',
              }
            : {}),
        },
      );
      return sql`
    SELECT ${fieldsVersionColumn} AS fields_version,
           coalesce(c.version, 0)::float8 AS version,
           coalesce(${total}, 0)::float8 AS total,
           p.items, p.first, p.last
      FROM lists l
      LEFT JOIN list_subscriber_counts c ON c.list_id = l.id
     CROSS JOIN LATERAL (${page}) AS p
     WHERE l.id = ${list}`;
    },
  );
  const values: Record<string, unknown> = { list: listId, limit: claim.limit, offset };
  claimed?.position.forEach((value, i) => (values[`p${i}`] = value));
  const row = await run(db, statement, values);
  if (!row) throw notFound();
  if (row.fields_version !== fields.version) {
    // Built with fields the snapshot no longer has: read them again, next time.
    forgetFields(db, listId);
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

/**
 * Whether the page's size and offset are written into the statement rather than bound. With
 * a bound LIMIT, PostgreSQL's plan for any value (its generic plan) expects a tenth of the
 * list and joins it by a hash over a scan of every subscriber, so it planned the statement
 * again on every execution (0.4 ms of 0.6 ms in the database for a 25-row page). With them
 * in the text, the generic plan is the index scan a page wants, kept for the connection
 * after five runs. Only for the sizes the dashboard offers and whole pages below
 * DIRECT_SKIP (at most ~20 texts per shape): each text stays prepared on every pooled
 * connection, so any size a client asks for must not make a new one. Other sizes are bound
 * and planned each time, as before.
 */
function plannedOnce(limit: number, offset: number): boolean {
  return (
    (SUBSCRIBER_PAGE_SIZES as readonly number[]).includes(limit) &&
    Number.isSafeInteger(offset) &&
    offset >= 0 &&
    offset % limit === 0
  );
}

/** A row count `plannedOnce` accepted, as SQL text (a whole number: nothing to escape). */
const literal = (n: number) => sql.raw(String(n)) as unknown as number;

type StatementRow = PageRow & { fields_version: number; version: number; total: number };
type Compiled = { name: string; text: string; params: unknown[] };

const dialect = new PgDialect();
/**
 * Statements by shape (state filter, ordering, link kind, custom fields), with placeholders
 * for the list, the page's size and offset and the link's position: building one with
 * drizzle and turning it into text cost more CPU than the rest of the request.
 */
const statements = new Map<string, Compiled>();
const MAX_STATEMENTS = 500;

function compiled(shape: string, build: () => SQL): Compiled {
  const known = statements.get(shape);
  if (known) return known;
  const { sql: text, params } = dialect.sqlToQuery(build());
  const name = `subscriber_page_${createHash('sha1').update(text).digest('base64url')}`;
  if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
  const statement = { name, text, params };
  statements.set(shape, statement);
  return statement;
}

/**
 * On PostgreSQL a named prepared statement (parsed once per connection for each shape),
 * named after its text so two texts never share a name. PGlite has no connection to keep
 * one on.
 */
async function run(
  db: Db,
  { name, text, params }: Compiled,
  values: Record<string, unknown>,
): Promise<StatementRow | undefined> {
  const filled = fillPlaceholders(params, values);
  const pool = postgresPool(db);
  if (pool) return (await pool.query<StatementRow>({ name, text, values: filled })).rows[0];
  const client = (db as unknown as { $client: PGlite }).$client;
  return (await client.query<StatementRow>(text, filled)).rows[0];
}

let oneStatement = true;
let answered = 0;

/** How many pages the one statement has answered in this process (tests). */
export const oneStatementAnswers = () => answered;

/** Tests compare the one statement's answers with the steps' (page-statement.test.ts). */
export function useOneStatementPages(enabled: boolean): void {
  oneStatement = enabled;
}
