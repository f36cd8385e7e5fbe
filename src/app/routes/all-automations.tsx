import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listQueries } from '../../api/shared-queries';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { EmptyState, ErrorState, LinesSkeleton } from '../../components/states';
import { prefetch } from '../query-client';

export const loader = () => prefetch(listQueries.everyList());

/**
 * Automations belong to a list: the navigation's entry (issue 56) leads here, to each
 * list's automations.
 */
export function Component() {
  const { data, error, refetch, isPending } = useQuery(listQueries.everyList());
  return (
    <>
      <PageHeader title="Automations" description="Each list's welcome mails and sequences." />
      {isPending ? (
        <LinesSkeleton />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState title="No lists yet">Automations start from a list.</EmptyState>
      ) : (
        <PlainTable aria-label="Lists and their automations">
          <thead>
            <tr>
              <th scope="col">List</th>
            </tr>
          </thead>
          <tbody>
            {data.map((list) => (
              <tr key={list.id}>
                <td>
                  <Anchor component={Link} to={`/lists/${list.id}/automations`} size="sm">
                    Automations of {list.name}
                  </Anchor>
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
    </>
  );
}
