import { subscriptionStates, type SubscriptionState } from '../../../contract/subscribers';

export { subscriptionStates, type SubscriptionState };

export const stateLabels: Record<SubscriptionState, string> = {
  active: 'Active',
  pending: 'Pending',
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
  deleted: 'Deleted',
};

export const stateColors: Record<SubscriptionState, string> = {
  active: 'teal',
  pending: 'yellow',
  bounced: 'red',
  unsubscribed: 'gray',
  deleted: 'dark',
};

/** What a state means for the person, in words a support agent can repeat on the phone. */
export const stateExplanations: Record<SubscriptionState, string> = {
  active: 'Receives the mailings of this list.',
  pending:
    'Was added but has not confirmed the opt-in yet: receives no mailings until the address is confirmed.',
  bounced: 'Mail to this address bounced: receives no mailings.',
  unsubscribed:
    'Asked to receive no more mailings. Subscribing them again needs their renewed consent.',
  deleted:
    'Was deleted from the list. The record is kept and still occupies the address in this list.',
};

export const isSubscriptionState = (v: string | null): v is SubscriptionState =>
  (subscriptionStates as readonly string[]).includes(v ?? '');
