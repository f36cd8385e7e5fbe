import type { SubscriptionState } from '../../../contract/subscribers.js';
import type { OrderingTerm } from '../../lib/ordering.js';
import { narrowed, type SubscriberFilter } from './repository.js';

/** One state's share of a page in subscription order: `limit` rows from `offset` within it. */
export type StatePart = { state: SubscriptionState; offset: number; limit: number };

/**
 * Subscription order (`ordering=subscription` or `-subscription`, then id either way), with
 * no email or search filter: the states one after another, each in id order.
 */
export function bySubscription(terms: OrderingTerm[], filter: SubscriberFilter): boolean {
  const [first, second] = terms;
  return (
    terms.length === 2 &&
    first!.name === 'subscription' &&
    second!.name === 'id' &&
    !narrowed(filter)
  );
}

/**
 * A page in subscription order ({@link bySubscription}) from the per-state counts the
 * triggers keep exact: which states it spans and where in each it starts. Each part is then
 * an id-ordered page of one state, which the page blocks reach at any depth (pages.ts).
 */
export function subscriptionOrderedParts(
  terms: OrderingTerm[],
  filter: SubscriberFilter,
  counts: Record<SubscriptionState, number>,
  states: readonly SubscriptionState[],
  page: { offset: number; limit: number },
): StatePart[] {
  // Text order, as the database sorts the column.
  const ordered = [...(filter.state ? [filter.state] : states)].sort();
  if (terms[0]!.descending) ordered.reverse();
  const parts: StatePart[] = [];
  let { offset, limit } = page;
  for (const state of ordered) {
    if (limit <= 0) break;
    const rows = counts[state];
    if (offset >= rows) {
      offset -= rows;
      continue;
    }
    const take = Math.min(limit, rows - offset);
    parts.push({ state, offset, limit: take });
    limit -= take;
    offset = 0;
  }
  return parts;
}
