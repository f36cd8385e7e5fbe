import { useQuery } from '@tanstack/react-query';
import { supportsDoubleOptIn, type List } from '../../api/lists';
import { listQueries } from '../../api/shared-queries';

/**
 * Whether this server has the `double_opt_in` extension: lists carry the member. For a new
 * list, one existing list tells; with none, the switch stays hidden (unknown server).
 */
export function useDoubleOptInSupport(list?: List): boolean {
  const probe = useQuery({ ...listQueries.page({ page_size: 1 }), enabled: !list });
  if (list) return supportsDoubleOptIn(list);
  const first = probe.data?.results[0];
  return first ? supportsDoubleOptIn(first) : false;
}
