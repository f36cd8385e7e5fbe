import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/link';
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
  const { t } = useLingui();
  const { data, error, refetch, isPending } = useQuery(listQueries.everyList());
  return (
    <>
      <PageHeader
        title={t`Automations`}
        description={t`Each list's welcome mails and sequences.`}
      />
      {isPending ? (
        <LinesSkeleton />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState title={t`No lists yet`}>
          <Trans>Automations start from a list.</Trans>
        </EmptyState>
      ) : (
        <PlainTable aria-label={t`Lists and their automations`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>List</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map(({ id, name }) => (
              <tr key={id}>
                <td>
                  <Anchor component={Link} to={`/lists/${id}/automations`} size="sm">
                    <Trans>Automations of {name}</Trans>
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
