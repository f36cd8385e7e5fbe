import { createContext, useContext, type ReactNode } from 'react';
import type { List } from '../../api/lists';

/**
 * The list whose subscribers are shown. The lists feature owns its query; the route module
 * loads it and provides it here, with a way to refresh it after its counts changed.
 */
export type SubscribersList = {
  list: List;
  /** Invalidates the list (its `subscriber_counts`) after subscribers changed state. */
  refreshList: () => Promise<unknown>;
};

const Context = createContext<SubscribersList | null>(null);

export function SubscribersListProvider({
  value,
  children,
}: {
  value: SubscribersList;
  children: ReactNode;
}) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useSubscribersList(): SubscribersList {
  const value = useContext(Context);
  if (!value) throw new Error('useSubscribersList needs a SubscribersListProvider.');
  return value;
}
