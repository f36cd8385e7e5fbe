import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { subscriptionStates, type SubscriptionState } from '../../../contract/subscribers';

export { subscriptionStates, type SubscriptionState };

const stateLabels: Record<SubscriptionState, MessageDescriptor> = {
  active: msg`Active`,
  pending: msg`Pending`,
  bounced: msg`Bounced`,
  unsubscribed: msg`Unsubscribed`,
  deleted: msg`Deleted`,
};

export const stateColors: Record<SubscriptionState, string> = {
  active: 'teal',
  pending: 'yellow',
  bounced: 'red',
  unsubscribed: 'gray',
  deleted: 'dark',
};

/** What a state means for the person, in words a support agent can repeat on the phone. */
const stateExplanations: Record<SubscriptionState, MessageDescriptor> = {
  active: msg`Receives the mailings of this list.`,
  pending: msg`Was added but has not confirmed the opt-in yet: receives no mailings until the address is confirmed.`,
  bounced: msg`Mail to this address bounced: receives no mailings.`,
  unsubscribed: msg`Asked to receive no more mailings. Subscribing them again needs their renewed consent.`,
  deleted: msg`Was deleted from the list. The record is kept and still occupies the address in this list.`,
};

export const isSubscriptionState = (v: string | null): v is SubscriptionState =>
  (subscriptionStates as readonly string[]).includes(v ?? '');

/** A state's name in the active locale (`Active`). */
export const stateLabel = (state: SubscriptionState) => i18n._(stateLabels[state]);

/** A state's meaning in the active locale. */
export const stateExplanation = (state: SubscriptionState) => i18n._(stateExplanations[state]);

/** A state's name as a word inside a sentence (`active`). */
export const stateWord = (state: SubscriptionState) =>
  stateLabel(state).toLocaleLowerCase(i18n.locale);
