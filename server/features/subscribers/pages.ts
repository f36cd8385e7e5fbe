import { subscriptionStates, type SubscriptionState } from '../../../contract/subscribers.js';
import type { Executor } from '../../db/client.js';
import type { OrderingTerm } from '../../lib/ordering.js';
import type { PositionedPage, PositionedResults } from '../../lib/pagination.js';
import type { FieldRow } from '../fields/index.js';
import { ANCHOR_STEP, anchorsFor } from './page-anchors.js';
import { positionKeys, selectPage, type Key, type PageQuery } from './page-select.js';
import {
  filterWhere,
  narrowed,
  subscribersRepository,
  type SubscriberFilter,
} from './repository.js';
import { bySubscription, subscriptionOrderedParts, type StatePart } from './state-pages.js';
import { subscriberRecord } from './serialize.js';
import {
  cutIfUncut,
  locateInBlocks,
  startCutting,
  BLOCK_ROWS,
  type BlockOrdering,
} from './page-blocks.js';

/**
 * One page of a list's subscribers, fast at any depth of a million-row list:
 * - the ids of the page come from an index-only scan and only they are joined to their rows
 *   (a deferred join), so skipping 400,000 entries reads no table pages;
 * - a page past the middle is counted from the end, in reverse order;
 * - a `next`/`previous` link's position starts the scan right at the page (keyset);
 * - a page reached by its number in id or email order, unfiltered or by state, starts from
 *   the page block holding it (page-blocks.ts: counts kept exact by triggers), so jumping
 *   to page 20,000 skips at most a block's rows, on the first request too;
 * - other orderings and searches start from the nearest sampled anchor (every
 *   {@link ANCHOR_STEP}th row's position, remembered per list, filter and ordering until
 *   the list changes).
 * Each needs an ordering with a position: keys up to the first unique one (id, or the
 * email, unique per list) all in one direction. Other orderings page by offset.
 * The page's subscribers come as JSON text built by the database ({@link subscriberRecord}):
 * `items` holds one fragment, the objects joined by commas (none for an empty page), for the
 * envelope's `results` array.
 */
export async function subscriberPage(
  db: Executor,
  listId: number,
  filter: SubscriberFilter,
  terms: OrderingTerm[],
  page: PositionedPage,
  fields: readonly FieldRow[],
): Promise<PositionedResults<string>> {
  const keys = positionKeys(terms);
  // Terms after a unique key never decide anything; left in, they make PostgreSQL sort
  // what the index already returns in order (an incremental sort, 10× the scan at worst).
  if (keys) terms = terms.slice(0, keys.length);
  const where = filterWhere(listId, filter);
  const record = subscriberRecord(fields);
  // A search with few matches: its page comes from the trigram index's matches, sorted. Left
  // to itself, PostgreSQL may walk the list in id or email order checking every row for one
  // rare match (a whole list for "user654321", 180 ms at 1,000,000); with many matches that
  // walk finds a page at once. The count, known by now, tells which case this is.
  const fewMatches = filter.search !== undefined && page.total <= FEW_MATCHES;
  const query = (q: PageQuery) =>
    selectPage(db, where, terms, keys, record, { ...q, unordered: fewMatches });
  if (keys && page.after) return query({ from: page.after, limit: page.limit, offset: 0 });
  if (keys && page.before) {
    return query({ from: page.before, limit: page.limit, offset: 0, reverse: true });
  }
  const ordering = blockOrdering(terms, keys, filter);
  if (ordering) return blockPage(db, listId, ordering, keys![0]!.descending, filter, page, query);
  // Near either end too: the last page of a state ordering, counted back along the state's
  // index, took 1.7 s on PGlite at a million rows; counted back within its state it is quick.
  if (bySubscription(terms, filter) && (page.offset >= DIRECT_SKIP || page.total > BLOCK_ROWS)) {
    const counts = await subscribersRepository(db).stateCounts(listId);
    const parts = subscriptionOrderedParts(terms, filter, counts, NOT_DELETED, page);
    return subscriptionOrderedPage(db, listId, terms[1]!, page, fields, parts, counts);
  }
  let buildAnchors: (() => void) | undefined;
  if (keys && page.offset >= ANCHOR_STEP && !filter.paused) {
    const anchors = anchorsFor(db, listId, filter, where, terms, keys, page.version);
    const index = Math.floor(page.offset / ANCHOR_STEP);
    const anchor = anchors.positions?.[index - 1];
    if (anchor) {
      return query({ from: anchor, limit: page.limit, offset: page.offset - index * ANCHOR_STEP });
    }
    buildAnchors = anchors.build;
  }
  try {
    return await offsetPage(page, query);
  } finally {
    // After this page's own query, which would otherwise wait for the build (PGlite runs one
    // statement at a time).
    buildAnchors?.();
  }
}

function offsetPage(
  page: PositionedPage,
  query: (q: PageQuery) => Promise<PositionedResults<string>>,
) {
  const fromEnd = page.total - page.offset - page.limit;
  if (fromEnd < page.offset) {
    // Past the middle: the same rows, counted from the other end.
    const limit = page.limit + Math.min(0, fromEnd);
    return query({ limit, offset: Math.max(0, fromEnd), reverse: true });
  }
  return query({ limit: page.limit, offset: page.offset });
}

/**
 * Orderings by id or by email alone (either way), unfiltered or by state, start a deep page
 * from its block (page-blocks.ts); search results have no blocks and use anchors.
 */
export function blockOrdering(
  terms: OrderingTerm[],
  keys: Key[] | undefined,
  filter: SubscriberFilter,
): BlockOrdering | undefined {
  if (keys?.length !== 1 || narrowed(filter)) return;
  const name = terms[0]!.name;
  return name === 'id' || name === 'email' ? name : undefined;
}

/** Skipping fewer index entries than this costs less than looking the blocks up. */
export const DIRECT_SKIP = 200;
const NOT_DELETED = subscriptionStates.filter((s) => s !== 'deleted');

/**
 * A page by number from the block holding it: the page's rows are the `skip`th ones after
 * the block's start or, when fewer rows follow the page in the block, counted back from
 * its last row. A large block (a list grown or never cut) is cut after this page.
 */
async function blockPage(
  db: Executor,
  listId: number,
  ordering: BlockOrdering,
  descending: boolean,
  filter: SubscriberFilter,
  page: PositionedPage,
  query: (q: PageQuery) => Promise<PositionedResults<string>>,
) {
  const fromEnd = page.total - page.offset - page.limit;
  if (Math.min(page.offset, fromEnd) < DIRECT_SKIP) {
    try {
      return await offsetPage(page, query);
    } finally {
      if (page.total > BLOCK_ROWS) cutIfUncut(db, listId, page.version);
    }
  }
  // Blocks count in ascending key order; a descending page is as far from the end.
  const at = descending ? fromEnd : page.offset;
  const states = filter.state ? [filter.state] : NOT_DELETED;
  const block = await locateInBlocks(db, listId, ordering, states, at);
  const rowsAfter = block.rows - block.skip - page.limit;
  try {
    // `reverse` scans against the ordering: ascending keys for a descending ordering.
    if (rowsAfter >= 0 && rowsAfter < block.skip) {
      const end = block.through === undefined ? {} : { from: [block.through], inclusive: true };
      return await query({ ...end, limit: page.limit, offset: rowsAfter, reverse: !descending });
    }
    const start = block.after === undefined ? {} : { from: [block.after] };
    return await query({ ...start, limit: page.limit, offset: block.skip, reverse: descending });
  } finally {
    // After the page's query, which would otherwise wait (PGlite runs one statement at a time).
    if (block.size > 2 * BLOCK_ROWS) startCutting(db, listId);
  }
}

/**
 * A deep page in subscription order from its parts (state-pages.ts), each an id-ordered page
 * of one state, which reaches its rows from a page block. Positions carry the state first,
 * as the ordering's keys do.
 */
async function subscriptionOrderedPage(
  db: Executor,
  listId: number,
  idTerm: OrderingTerm,
  page: PositionedPage,
  fields: readonly FieldRow[],
  parts: StatePart[],
  counts: Record<SubscriptionState, number>,
): Promise<PositionedResults<string>> {
  const results = [];
  for (const part of parts) {
    const { after: _after, before: _before, ...numbered } = page;
    const found = await subscriberPage(
      db,
      listId,
      { state: part.state },
      [idTerm],
      { ...numbered, offset: part.offset, limit: part.limit, total: counts[part.state] },
      fields,
    );
    results.push({ state: part.state, ...found });
  }
  const head = results[0];
  const tail = results[results.length - 1];
  return {
    items: results.flatMap((r) => r.items),
    ...(head?.first ? { first: [head.state, ...head.first] } : {}),
    ...(tail?.last ? { last: [tail.state, ...tail.last] } : {}),
  };
}

/** Up to this many matches a search's page is sorted from its matches, not walked to. */
export const FEW_MATCHES = 10_000;
