import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  readTableParams,
  writeTableParams,
  type TableDefaults,
  type TableParams,
} from './table-params';

export type TableState = TableParams & {
  update: (change: Partial<TableParams>) => void;
  /** The parameters to send to a paginated API call. */
  query: { page: number; page_size: number; ordering?: string; search?: string };
};

/** Table state bound to the URL; replaces history entries for typing, pushes for paging. */
export function useTableParams(defaults: TableDefaults = {}): TableState {
  const [params, setParams] = useSearchParams();
  const { pageSize, ordering, orderingFields } = defaults;
  const state = useMemo(
    () => readTableParams(params, { pageSize, ordering, orderingFields }),
    [params, pageSize, ordering, orderingFields],
  );
  const update = useCallback(
    (change: Partial<TableParams>) =>
      setParams((current) => writeTableParams(current, change, { pageSize, ordering }), {
        replace: 'search' in change,
      }),
    [setParams, pageSize, ordering],
  );
  return useMemo(
    () => ({
      ...state,
      update,
      query: {
        page: state.page,
        page_size: state.pageSize,
        ...(state.ordering ? { ordering: state.ordering } : {}),
        ...(state.search ? { search: state.search } : {}),
      },
    }),
    [state, update],
  );
}
