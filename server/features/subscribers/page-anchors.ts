import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { OrderingTerm } from '../../lib/ordering.js';
import type { Position } from '../../lib/pagination.js';
import type { Key } from './page-select.js';
import type { SubscriberFilter } from './repository.js';

// Sampled positions for deep pages in orderings and searches without page blocks (pages.ts).

/** Rows between two anchors: a jump by page number skips at most this many index entries. */
export const ANCHOR_STEP = 5000;

type Anchors = { version: number; positions: Position[]; started: number };
// Per database (the Executor), so two databases in one process (tests, the benchmark) never
// share anchors.
const anchorCaches = new WeakMap<object, Map<string, Anchors>>();
const building = new Map<string, Promise<void>>();
const MAX_ANCHOR_SETS = 200;
/** While a list keeps changing (an import), rebuild its anchors at most this often. */
const REBUILD_AFTER_MS = 10_000;

/**
 * The anchors for this list, filter and ordering if they are as current as `version`. When
 * they are not, they are rebuilt in the background (one scan of the index) and this page is
 * found by offset meanwhile.
 */
export function anchorsFor(
  db: Executor,
  listId: number,
  filter: SubscriberFilter,
  where: SQL,
  terms: OrderingTerm[],
  keys: Key[],
  version: number,
): { positions?: Position[]; build?: () => void } {
  let anchorCache = anchorCaches.get(db);
  if (!anchorCache) anchorCaches.set(db, (anchorCache = new Map()));
  const cache = anchorCache;
  const cacheKey = JSON.stringify([listId, filter, terms.map((t) => [t.name, t.descending])]);
  const cached = cache.get(cacheKey);
  if (cached?.version === version) return { positions: cached.positions };
  if (building.has(cacheKey) || (cached && Date.now() - cached.started < REBUILD_AFTER_MS)) {
    return {};
  }
  const build = () => {
    if (building.has(cacheKey)) return;
    const started = Date.now();
    const done = buildAnchors(db, listId, where, terms, keys)
      .then((built) => {
        cache.delete(cacheKey);
        if (cache.size >= MAX_ANCHOR_SETS) cache.delete(cache.keys().next().value!);
        cache.set(cacheKey, { ...built, started });
      })
      // A failed build (e.g. the database closing) only means offset paging meanwhile.
      .catch(() => {})
      .finally(() => building.delete(cacheKey));
    building.set(cacheKey, done);
  };
  return { build };
}

/** Resolves when the anchor sets being built are in place (tests). */
export async function anchorsBuilt(): Promise<void> {
  await Promise.all(building.values());
}

/** Every ANCHOR_STEPth position and the list's version, read in one snapshot. */
async function buildAnchors(
  db: Executor,
  listId: number,
  where: SQL,
  terms: OrderingTerm[],
  keys: Key[],
): Promise<{ version: number; positions: Position[] }> {
  const order = sql.join(
    terms.map(({ column, descending }) => (descending ? sql`${column} desc` : sql`${column} asc`)),
    sql`, `,
  );
  const keyList = sql.join(
    keys.map((k) => k.column),
    sql`, `,
  );
  const result = (await db.execute(sql`
    SELECT (SELECT version FROM list_subscriber_counts WHERE list_id = ${listId})::float8 AS version,
           coalesce((SELECT json_agg(p ORDER BY n) FROM (
             SELECT json_build_array(${keyList}) AS p, row_number() OVER (ORDER BY ${order}) AS n
               FROM subscribers WHERE ${where}
           ) AS numbered WHERE n % ${ANCHOR_STEP} = 0), '[]'::json) AS positions
  `)) as unknown as { rows: { version: number; positions: Position[] | string }[] };
  const row = result.rows[0]!;
  const positions =
    typeof row.positions === 'string' ? (JSON.parse(row.positions) as Position[]) : row.positions;
  return { version: row.version, positions };
}
