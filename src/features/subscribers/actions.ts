import { subscriptionStates, type SubscriptionState } from './states';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/**
 * A state change of one subscriber. `confirm` only matters on a double-opt-in list: true
 * confirms directly (active), absent lets the list's opt-in process run (pending).
 */
export type SubscriberAction =
  { kind: 'activate'; confirm?: boolean } | { kind: 'unsubscribe' } | { kind: 'delete' };

export type ActionKind = SubscriberAction['kind'];

const actionLabels: Record<ActionKind, MessageDescriptor> = {
  activate: msg`Activate`,
  unsubscribe: msg`Unsubscribe`,
  delete: msg`Delete`,
};

/** An action's name in the active locale (`Unsubscribe`). */
export const actionLabel = (kind: ActionKind) => i18n._(actionLabels[kind]);

/** `1 subscriber`, `1,200 subscribers`. */
export const formatSubscribers = (count: number) =>
  plural(count, { one: '# subscriber', other: '# subscribers' });

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
  if (action.kind === 'activate' && doubleOptIn)
    return action.confirm
      ? plural(count, {
          one: 'Confirm # subscriber directly',
          other: 'Confirm # subscribers directly',
        })
      : plural(count, {
          one: 'Send the opt-in to # subscriber',
          other: 'Send the opt-in to # subscribers',
        });
  switch (action.kind) {
    case 'activate':
      return plural(count, { one: 'Activate # subscriber', other: 'Activate # subscribers' });
    case 'unsubscribe':
      return plural(count, { one: 'Unsubscribe # subscriber', other: 'Unsubscribe # subscribers' });
    case 'delete':
      return plural(count, { one: 'Delete # subscriber', other: 'Delete # subscribers' });
  }
}
