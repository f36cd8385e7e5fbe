import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { data, useParams } from 'react-router';
import { DetailSkeleton, ErrorState } from '../../components/states';
import { listQueries } from '../../api/shared-queries';
import { SubscribersListProvider } from '../../features/subscribers/list-context';
import { useListId } from './list-id';

/**
 * Composes the lists feature (the list, its counts and opt-in setting) with the subscriber
 * screens, which never import it: they get the list and a way to refresh its counts.
 */
export function WithSubscribersList({ children }: { children: ReactNode }) {
  const listId = useListId();
  const queryClient = useQueryClient();
  const { data: list, error, refetch } = useQuery(listQueries.detail(listId));
  const value = useMemo(
    () =>
      list && {
        list,
        // The lists table shows counts too.
        refreshList: () => queryClient.invalidateQueries({ queryKey: listQueries.all() }),
      },
    [list, queryClient],
  );
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!value) return <DetailSkeleton />;
  return <SubscribersListProvider value={value}>{children}</SubscribersListProvider>;
}

/** The `:subscriberId` of the URL as a number; anything else is the 404 page. */
export function useSubscriberId(): number {
  const { subscriberId } = useParams();
  const id = Number(subscriberId);
  if (!/^\d+$/.test(subscriberId ?? '') || !Number.isSafeInteger(id))
    throw data('Not found', { status: 404 });
  return id;
}

export const subscriberIdFrom = (params: { subscriberId?: string }) => {
  const id = Number(params.subscriberId);
  return /^\d+$/.test(params.subscriberId ?? '') && Number.isSafeInteger(id) ? id : undefined;
};
