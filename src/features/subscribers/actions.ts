import { subscriptionStates, type SubscriptionState } from './states';
import { formatCount } from '../../lib/format';

/**
 * A state change of one subscriber. `confirm` only matters on a double-opt-in list: true
 * confirms directly (active), absent lets the list's opt-in process run (pending).
 */
export type SubscriberAction =
  { kind: 'activate'; confirm?: boolean } | { kind: 'unsubscribe' } | { kind: 'delete' };

export type ActionKind = SubscriberAction['kind'];

export const actionLabels: Record<ActionKind, string> = {
  activate: 'Activate',
  unsubscribe: 'Unsubscribe',
  delete: 'Delete',
};

/**
 * The state an action is expected to lead to (docs/decisions/api-choices.md). `doubleOptIn` undefined means the
 * server does not say (another deployment): activation is then expected to activate, and
 * the answer's `status` corrects the guess.
 */
export function expectedState(
  action: SubscriberAction,
  doubleOptIn: boolean | undefined,
): SubscriptionState {
  switch (action.kind) {
    case 'activate':
      return doubleOptIn && action.confirm !== true ? 'pending' : 'active';
    case 'unsubscribe':
      return 'unsubscribed';
    case 'delete':
      return 'deleted';
  }
}

/** The body of `…/activate`: `confirm` only on a double-opt-in list (else the server says 400). */
export function activateBodyFor(action: SubscriberAction, doubleOptIn: boolean | undefined) {
  return action.kind === 'activate' && doubleOptIn && action.confirm ? { confirm: true } : {};
}

/**
 * Whether the action leaves a subscriber in `state` as it is. An active subscriber is never
 * "activated" into pending: sending the opt-in to someone already receiving mailings would
 * only stop their mailings.
 */
export function isNoop(
  action: SubscriberAction,
  state: SubscriptionState,
  doubleOptIn: boolean | undefined,
): boolean {
  if (action.kind === 'activate' && state === 'active') return true;
  return expectedState(action, doubleOptIn) === state;
}

export type StateCounts = Partial<Record<SubscriptionState, number>>;

export type ImpactRow = {
  state: SubscriptionState;
  count: number;
  becomes: SubscriptionState;
  /** Already in the target state: nothing happens to these. */
  noop: boolean;
};

export type Impact = { rows: ImpactRow[]; changing: number; unchanged: number; total: number };

/** What a bulk action will do, counted by current state (states without rows left out). */
export function impactOf(
  counts: StateCounts,
  action: SubscriberAction,
  doubleOptIn: boolean | undefined,
): Impact {
  const becomes = expectedState(action, doubleOptIn);
  const rows = subscriptionStates
    .filter((state) => (counts[state] ?? 0) > 0)
    .map((state) => ({
      state,
      count: counts[state]!,
      becomes,
      noop: isNoop(action, state, doubleOptIn),
    }));
  const changing = rows.filter((r) => !r.noop).reduce((n, r) => n + r.count, 0);
  const unchanged = rows.filter((r) => r.noop).reduce((n, r) => n + r.count, 0);
  return { rows, changing, unchanged, total: changing + unchanged };
}

export function countByState(items: readonly { subscription: SubscriptionState }[]): StateCounts {
  const counts: StateCounts = {};
  for (const { subscription } of items) counts[subscription] = (counts[subscription] ?? 0) + 1;
  return counts;
}

/** "Unsubscribe 3 subscribers" — the label of a confirm button or dialog title. */
export function actionPhrase(action: SubscriberAction, count: number, doubleOptIn?: boolean) {
  const noun = `${formatCount(count)} subscriber${count === 1 ? '' : 's'}`;
  if (action.kind === 'activate' && doubleOptIn)
    return action.confirm ? `Confirm ${noun} directly` : `Send the opt-in to ${noun}`;
  return `${actionLabels[action.kind]} ${noun}`;
}
