import { Trans, useLingui } from '@lingui/react/macro';
import { formatCount } from '../../../lib/format';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Anchor, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { PlainTable } from '../../../components/plain-table';
import { referenceQueries } from '../../../api/shared-queries';
import { DetailSkeleton, EmptyState, ErrorState } from '../../../components/states';

/** A country with its subdivisions, or a subdivision with its country (and children, if any). */
export function RegionDetails({ code }: { code: string }) {
  const { t } = useLingui();
  const { data: region, error, refetch } = useQuery(referenceQueries.region(code));
  const [filter, setFilter] = useState('');
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!region) return <DetailSkeleton />;
  const country = region.country;
  const count = formatCount(region.regions.length);
  const needle = filter.trim().toLocaleLowerCase();
  const subdivisions = region.regions.filter(
    (r) =>
      !needle ||
      r.name.toLocaleLowerCase().includes(needle) ||
      r.code.toLowerCase().includes(needle),
  );
  return (
    <>
      <PageHeader
        title={region.name}
        above={<Breadcrumbs items={[{ label: t`Regions`, to: '/regions' }]} />}
        description={
          <Group gap="xs" component="span">
            <Code>{region.code}</Code>
            {region.country ? (
              <span>
                <Trans>
                  Subdivision of{' '}
                  <Anchor component={Link} to={`/regions/${country}`}>
                    {country}
                  </Anchor>
                </Trans>
              </span>
            ) : (
              <span>
                <Trans>Country</Trans>
              </span>
            )}
          </Group>
        }
      />
      <Stack>
        <Text fw={600}>
          {region.country ? t`Subdivisions of this region (${count})` : t`Subdivisions (${count})`}
        </Text>
        {region.regions.length > 10 && (
          <TextInput
            label={t`Filter subdivisions`}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            maw={320}
          />
        )}
        {subdivisions.length === 0 ? (
          <EmptyState
            title={region.regions.length === 0 ? t`No subdivisions` : t`No subdivision matches`}
          />
        ) : (
          <PlainTable minWidth={480} aria-label={t`Subdivisions`}>
            <thead>
              <tr>
                <th style={{ width: 140 }}>
                  <Trans>Code</Trans>
                </th>
                <th>
                  <Trans>Name</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {subdivisions.map((r) => (
                <tr key={r.code}>
                  <td>
                    <Code>{r.code}</Code>
                  </td>
                  <td>
                    <Anchor component={Link} to={`/regions/${encodeURIComponent(r.code)}`}>
                      {r.name}
                    </Anchor>
                  </td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
        )}
      </Stack>
    </>
  );
}
