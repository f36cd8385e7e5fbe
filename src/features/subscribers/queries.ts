import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Envelope } from '../../../contract/common';
import {
  createSubscriber,
  getSubscriber,
  getSubscriberFields,
  getSubscriberHistory,
  getSubscribers,
  pausedFilterSupported,
  updateSubscriber,
  type Subscriber,
  type SubscriberBody as CreateBody,
  type SubscriberQuery,
} from '../../api/subscribers';
import { expectedState, type SubscriberAction } from './actions';
import { fieldsFromDescriptors } from './columns';
import type { SubscriberBody } from './form/form-model';
import { useSubscribersList } from './list-context';
import { searchSupportQuery } from './people/search-support-query';
import { performAction } from './perform-action';
import type { SubscriptionState } from './states';

/** Query keys and options of a list's subscribers (docs/architecture.md §3.1). */
export const subscriberQueries = {
  all: () => ['subscribers'] as const,
  list: (listId: number) => [...subscriberQueries.all(), listId] as const,
  pages: (listId: number) => [...subscriberQueries.list(listId), 'page'] as const,
  page: (listId: number, query: SubscriberQuery) =>
    queryOptions({
      queryKey: [...subscriberQueries.pages(listId), query] as const,
      queryFn: ({ signal }) => getSubscribers(listId, query, signal),
      placeholderData: keepPreviousData,
    }),
  details: (listId: number) => [...subscriberQueries.list(listId), 'detail'] as const,
  detail: (listId: number, id: number) =>
    queryOptions({
      queryKey: [...subscriberQueries.details(listId), id] as const,
      queryFn: ({ signal }) => getSubscriber(listId, id, signal),
    }),
  /** Whether `search=` (part of a name or address) is there: asked once per session. */
  searchSupport: searchSupportQuery,
  pausedSupport: (listId: number) =>
    queryOptions({
      queryKey: ['extensions', 'paused', listId] as const,
      queryFn: ({ signal }) => pausedFilterSupported(listId, signal),
      staleTime: Infinity,
    }),
  history: (listId: number, id: number, page: number) =>
    queryOptions({
      queryKey: [...subscriberQueries.details(listId), id, 'history', page] as const,
      queryFn: ({ signal }) => getSubscriberHistory(listId, id, page, signal),
      placeholderData: keepPreviousData,
    }),
  /** OPTIONS `actions.POST`: every field of the list's subscribers, custom ones included. */
  fields: (listId: number) =>
    queryOptions({
      queryKey: [...subscriberQueries.list(listId), 'fields'] as const,
      queryFn: async ({ signal }) =>
        fieldsFromDescriptors((await getSubscriberFields(listId, signal)).actions.POST),
      staleTime: 5 * 60_000,
    }),
};

type Page = Envelope<Subscriber>;

/** Sets subscribers' states in every cached page and detail of the list (optimistic updates). */
export function setCachedStates(
  queryClient: QueryClient,
  listId: number,
  states: ReadonlyMap<number, SubscriptionState>,
) {
  if (states.size === 0) return;
  queryClient.setQueriesData<Page>({ queryKey: subscriberQueries.pages(listId) }, (page) =>
    page
      ? {
          ...page,
          results: page.results.map((s) =>
            states.has(s.id) ? { ...s, subscription: states.get(s.id)! } : s,
          ),
        }
      : page,
  );
  for (const [id, state] of states)
    queryClient.setQueryData(subscriberQueries.detail(listId, id).queryKey, (s) =>
      s ? { ...s, subscription: state } : s,
    );
}

/** Refreshes what a state change makes stale: the subscribers and the list's counts. */
export function useRefreshAfterChange(listId: number) {
  const queryClient = useQueryClient();
  const { refreshList } = useSubscribersList();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriberQueries.list(listId) }),
      refreshList(),
    ]);
}

type ActionVariables = {
  subscriber: Pick<Subscriber, 'id' | 'subscription'>;
  action: SubscriberAction;
};

/**
 * One subscriber's state change, shown at once and rolled back if the server refuses
 * (the component tells the user why).
 */
export function useSubscriberAction(listId: number) {
  const queryClient = useQueryClient();
  const { list } = useSubscribersList();
  const refresh = useRefreshAfterChange(listId);
  return useMutation({
    mutationFn: ({ subscriber, action }: ActionVariables) =>
      performAction(listId, subscriber.id, action, list.double_opt_in),
    onMutate: async ({ subscriber, action }) => {
      await queryClient.cancelQueries({ queryKey: subscriberQueries.list(listId) });
      const state = expectedState(action, list.double_opt_in);
      setCachedStates(queryClient, listId, new Map([[subscriber.id, state]]));
    },
    onError: (_err, { subscriber }) =>
      setCachedStates(queryClient, listId, new Map([[subscriber.id, subscriber.subscription]])),
    onSuccess: (state, { subscriber }) =>
      setCachedStates(queryClient, listId, new Map([[subscriber.id, state]])),
    onSettled: () => refresh(),
  });
}

export function useCreateSubscriber(listId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterChange(listId);
  return useMutation({
    // The form's schema made sure of the email the API type asks for.
    mutationFn: (body: SubscriberBody) => createSubscriber(listId, body as CreateBody),
    onSuccess: (created) => {
      queryClient.setQueryData(subscriberQueries.detail(listId, created.id).queryKey, created);
      return refresh();
    },
  });
}

/** PATCH: the edit form sends the fields it changed, the 409 panel the ones chosen. */
export function useUpdateSubscriber(listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SubscriberBody }) =>
      updateSubscriber(listId, id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(subscriberQueries.detail(listId, saved.id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: subscriberQueries.pages(listId) });
    },
  });
}
