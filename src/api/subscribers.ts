import { envelope } from '../../contract/common';
import {
  historyEntry,
  personSubscription,
  subscriber,
  subscribersIntrospection,
  subscriptionStatus,
  type ActivateBody,
  type HistoryEntry,
  type PersonSubscription,
  type Subscriber,
  type SubscriberPatch,
  type SubscriberQuery,
  type SubscriberWrite,
} from '../../contract/subscribers';
import { conflictBody, extension, request, requestParsed } from './client';
import { isApiError } from './errors';
import { PEOPLE_EXTENSION } from './search-support';

export type {
  HistoryEntry,
  PersonSubscription,
  Subscriber,
  SubscriberPatch,
  SubscriberQuery,
  SubscriberWrite,
};

/** Custom fields are extra flat members of the body, next to the built-in ones. */
export type SubscriberBody = SubscriberWrite & Record<string, unknown>;

const subscriberPage = envelope(subscriber);
const base = (listId: number) => `/lists/${listId}/subscribers`;

export const getSubscribers = (listId: number, query: SubscriberQuery = {}, signal?: AbortSignal) =>
  requestParsed(subscriberPage, base(listId), { query, signal });

export const getSubscriber = (listId: number, id: number, signal?: AbortSignal) =>
  requestParsed(subscriber, `${base(listId)}/${id}`, { signal });

/**
 * Whether the API filters by pause (`paused=true`, extension, issue 50). Another deployment
 * ignores an unknown parameter and would list everyone, so the probe sends a value ours
 * refuses (400): a 200 means the filter is not there.
 */
export async function pausedFilterSupported(listId: number, signal?: AbortSignal) {
  try {
    await request(base(listId), { query: { paused: 'probe', page_size: 1 }, signal });
    return false;
  } catch (err) {
    if (isApiError(err, 400)) return true;
    throw err;
  }
}

/** OPTIONS: the list's fields, custom fields included, in `actions.POST`. */
export const getSubscriberFields = (listId: number, signal?: AbortSignal) =>
  requestParsed(subscribersIntrospection, base(listId), { method: 'OPTIONS', signal });

/** 409 (email already in the list, any state): read the existing one with `conflictingSubscriber`. */
export const createSubscriber = (listId: number, data: SubscriberBody) =>
  requestParsed(subscriber, base(listId), { method: 'POST', body: data });

export const updateSubscriber = (
  listId: number,
  id: number,
  data: SubscriberPatch & Record<string, unknown>,
) => requestParsed(subscriber, `${base(listId)}/${id}`, { method: 'PATCH', body: data });

/** Soft delete: the subscriber becomes `deleted` and keeps its email in the list. */
export const deleteSubscriber = (listId: number, id: number) =>
  request<undefined>(`${base(listId)}/${id}`, { method: 'DELETE' });

export const activateSubscriber = (listId: number, id: number, body: ActivateBody = {}) =>
  requestParsed(subscriptionStatus, `${base(listId)}/${id}/activate`, { method: 'POST', body });

export const unsubscribeSubscriber = (listId: number, id: number) =>
  requestParsed(subscriptionStatus, `${base(listId)}/${id}/unsubscribe`, { method: 'POST' });

/** The existing subscriber a 409 carries, parsed; undefined for any other error. */
export function conflictingSubscriber(err: unknown): Subscriber | undefined {
  const body = conflictBody(err);
  const parsed = body ? subscriber.safeParse(body) : undefined;
  return parsed?.success ? parsed.data : undefined;
}

/** People across all lists (extension): `search` (part of a name or address) or `email`. */
export type PeopleQuery = {
  search?: string;
  email?: string;
  subscription?: string;
  page?: number;
  page_size?: number;
};
const peoplePage = envelope(personSubscription);
export const searchPeople = (query: PeopleQuery, signal?: AbortSignal) =>
  extension(PEOPLE_EXTENSION, () => requestParsed(peoplePage, '/subscribers', { query, signal }));

const historyPage = envelope(historyEntry);
/** A subscriber's history, newest first (extension). */
export const getSubscriberHistory = (
  listId: number,
  id: number,
  page: number,
  signal?: AbortSignal,
) =>
  extension('subscriber-history', () =>
    requestParsed(historyPage, `${base(listId)}/${id}/history`, {
      query: { page, page_size: 10 },
      signal,
    }),
  );
