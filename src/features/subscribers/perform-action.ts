import { isApiError, retryAfterSeconds } from '../../api/errors';
import { activateSubscriber, deleteSubscriber, unsubscribeSubscriber } from '../../api/subscribers';
import { activateBodyFor, type SubscriberAction } from './actions';
import type { SubscriptionState } from './states';

/** Runs one state change and answers the state the server reports. */
export async function performAction(
  listId: number,
  id: number,
  action: SubscriberAction,
  doubleOptIn: boolean | undefined,
): Promise<SubscriptionState> {
  switch (action.kind) {
    case 'activate':
      return (await activateSubscriber(listId, id, activateBodyFor(action, doubleOptIn))).status;
    case 'unsubscribe':
      return (await unsubscribeSubscriber(listId, id)).status;
    case 'delete':
      await deleteSubscriber(listId, id);
      return 'deleted';
  }
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Calls `fn` again after a 429 (or 503), waiting what the server asks for: a long bulk run
 * slows down instead of failing every remaining item. Other errors are thrown at once.
 */
export async function withRetryAfter<T>(
  fn: () => Promise<T>,
  { signal, attempts = 4 }: { signal?: AbortSignal; attempts?: number } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const throttled = isApiError(err, 429) || isApiError(err, 503);
      if (!throttled || attempt >= attempts) throw err;
      await wait(Math.min(60, retryAfterSeconds(err) ?? attempt) * 1000, signal);
    }
  }
}
