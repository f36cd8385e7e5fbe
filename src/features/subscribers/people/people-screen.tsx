import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { PlainTable } from '../../../components/plain-table';
import { SearchInput } from '../../../components/search-input';
import { EmptyState, ErrorState } from '../../../components/states';
import { TableFooter } from '../../../components/table-footer';
import { StateBadge } from '../components/state-badge';
import { peopleQueries } from './people-queries';

const PAGE_SIZE = 25;
const subscriptionsFound = (count: number) =>
  plural(count, { one: '# subscription', other: '# subscriptions' });

/** People across all lists: part of a name or address, each result with its list and state. */
export function PeopleScreen() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({
    ...peopleQueries.search({ search, page, page_size: PAGE_SIZE }),
    enabled: search !== '',
  });
  const result = query.data;
  const data = result?.supported ? result.data : undefined;
  return (
    <>
      <PageHeader title={t`People`} description={t`Find a person in every list at once.`} />
      <SearchInput
        label={t`Find people`}
        placeholder={t`Part of a name or email address`}
        value={search}
        onSearch={(next) =>
          setParams(next.trim() ? { search: next.trim() } : {}, { replace: true })
        }
      />
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        {result && !result.supported ? (
          <EmptyState title={t`Not available`}>
            <Trans>The API this dashboard talks to cannot search across lists.</Trans>
          </EmptyState>
        ) : query.error ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !search ? (
          <Text c="dimmed" size="sm">
            <Trans>Type part of a name or an email address.</Trans>
          </Text>
        ) : !data ? (
          <Text c="dimmed" size="sm">
            <Trans>Searching…</Trans>
          </Text>
        ) : data.count === 0 ? (
          <EmptyState title={t`Nobody matches “${search}”`} />
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
              {subscriptionsFound(data.count)}
            </Text>
            <PlainTable minWidth={560} aria-label={t`People found`}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Email</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans>List</Trans>
                  </th>
                  <th scope="col">
                    <Trans>State</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.results.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Anchor
                        component={Link}
                        to={`/people/person?email=${encodeURIComponent(p.email)}`}
                      >
                        {p.email}
                      </Anchor>
                    </td>
                    <td>{[p.first_name, p.last_name].filter(Boolean).join(' ')}</td>
                    <td>
                      <Anchor component={Link} to={`/lists/${p.list.id}/subscribers/${p.id}`}>
                        {p.list.name}
                      </Anchor>
                    </td>
                    <td>
                      <StateBadge state={p.subscription} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </PlainTable>
            <TableFooter
              label={t`Result pages`}
              count={data.count}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={(p) => setParams({ search, page: String(p) })}
            />
          </>
        )}
      </div>
    </>
  );
}
