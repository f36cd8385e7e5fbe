import { Anchor, Table } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import { EmptyState, ErrorState, LinesSkeleton } from '../../../components/states';
import { segmentQueries } from '../queries';
import { formatCount } from '../../../lib/format';

/** A list's segments by name, each with how many people it reaches now. */
export function SegmentsTable({ listId }: { listId: number }) {
  const { t } = useLingui();
  const segments = useQuery(segmentQueries.ofList(listId));
  if (segments.isPending) return <LinesSkeleton />;
  if (segments.isError)
    return <ErrorState error={segments.error} onRetry={() => void segments.refetch()} />;
  if (!segments.data.supported)
    return (
      <EmptyState title={t`This server has no segments`}>
        <Trans>Segments are a Mailboard extension.</Trans>
      </EmptyState>
    );
  const rows = segments.data.data;
  if (!rows.length)
    return (
      <EmptyState title={t`No segments yet`}>
        <Trans>Create one to target part of the list.</Trans>
      </EmptyState>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={t`Segments`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>People</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Anchor component={Link} to={`/lists/${listId}/segments/${s.id}`}>
                  {s.name}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">{formatCount(s.count)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
