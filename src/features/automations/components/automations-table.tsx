import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import type { Automation } from '../../../api/automations';
import { EmptyState, ErrorState, LinesSkeleton } from '../../../components/states';
import { formatCount } from '../../../lib/format';
import { automationQueries } from '../queries';
import { stateColor, stateLabel, triggerSummary } from '../describe';
import { Trans, useLingui } from '@lingui/react/macro';

/** "12 · 3 · 1": the mail sent by each send step, in order. */
const sendsPerStep = (a: Automation) =>
  a.steps
    .filter((s) => s.type === 'send')
    .map((s) => formatCount(s.stats.sent))
    .join(' · ') || '—';

/** A list's automations: state, trigger, runs active and finished, sends per step. */
export function AutomationsTable({ listId }: { listId: number }) {
  const { t } = useLingui();
  const automations = useQuery(automationQueries.ofList(listId));
  if (automations.isPending) return <LinesSkeleton />;
  if (automations.isError)
    return <ErrorState error={automations.error} onRetry={() => void automations.refetch()} />;
  if (!automations.data.supported)
    return (
      <EmptyState title={t`This server has no automations`}>
        <Trans>Automations are a Mailboard extension.</Trans>
      </EmptyState>
    );
  const rows = automations.data.data.results;
  if (!rows.length)
    return (
      <EmptyState title={t`No automations yet`}>
        <Trans>Create one to welcome new subscribers or send a sequence over days.</Trans>
      </EmptyState>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={t`Automations`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>State</Trans>
            </Table.Th>
            <Table.Th visibleFrom="sm">
              <Trans>Trigger</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Active runs</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Finished</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Sent per step</Trans>
            </Table.Th>
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
                  {stateLabel(a.state)}
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
