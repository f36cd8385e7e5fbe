import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Automation } from '../../../api/automations';
import { EmptyState, ErrorState, LinesSkeleton } from '../../../components/states';
import { formatCount } from '../../../lib/format';
import { automationQueries } from '../queries';
import { stateColor, triggerSummary } from '../describe';

/** "12 · 3 · 1": the mail sent by each send step, in order. */
const sendsPerStep = (a: Automation) =>
  a.steps
    .filter((s) => s.type === 'send')
    .map((s) => formatCount(s.stats.sent))
    .join(' · ') || '—';

/** A list's automations: state, trigger, runs active and finished, sends per step. */
export function AutomationsTable({ listId }: { listId: number }) {
  const automations = useQuery(automationQueries.ofList(listId));
  if (automations.isPending) return <LinesSkeleton />;
  if (automations.isError)
    return <ErrorState error={automations.error} onRetry={() => void automations.refetch()} />;
  if (!automations.data.supported)
    return (
      <EmptyState title="This server has no automations">
        Automations are a Mailboard extension.
      </EmptyState>
    );
  const rows = automations.data.data.results;
  if (!rows.length)
    return (
      <EmptyState title="No automations yet">
        Create one to welcome new subscribers or send a sequence over days.
      </EmptyState>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label="Automations" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th visibleFrom="sm">Trigger</Table.Th>
            <Table.Th ta="right">Active runs</Table.Th>
            <Table.Th ta="right">Finished</Table.Th>
            <Table.Th ta="right">Sent per step</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Anchor component={Link} to={`/lists/${listId}/automations/${a.id}`}>
                  {a.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge color={stateColor[a.state]} variant="light">
                  {a.state}
                </Badge>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{triggerSummary(a.trigger, a.time_zone)}</Text>
              </Table.Td>
              <Table.Td ta="right">{formatCount(a.runs.active)}</Table.Td>
              <Table.Td ta="right">{formatCount(a.runs.finished + a.runs.exited)}</Table.Td>
              <Table.Td ta="right">{sendsPerStep(a)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
