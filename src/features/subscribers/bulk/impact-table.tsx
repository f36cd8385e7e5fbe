import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import type { Impact } from '../actions';
import { StateBadge } from '../components/state-badge';
import { stateLabel, stateWord, type SubscriptionState } from '../states';
import { formatCount } from '../../../lib/format';

/** The selection counted by current state, and what the action does to each group. */
function NoChange({ state }: { state: SubscriptionState }) {
  const word = stateWord(state);
  return <Trans>No change (already {word})</Trans>;
}

export function ImpactTable({ impact }: { impact: Impact }) {
  const { t } = useLingui();
  return (
    <Table aria-label={t`Impact`} withTableBorder verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>Now</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Subscribers</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Afterwards</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {impact.rows.map((row) => (
          <Table.Tr key={row.state} c={row.noop ? 'dimmed' : undefined}>
            <Table.Td>
              <StateBadge state={row.state} />
            </Table.Td>
            <Table.Td ta="right">{formatCount(row.count)}</Table.Td>
            <Table.Td>
              {row.noop ? (
                <Text size="sm" c="dimmed">
                  <NoChange state={row.state} />
                </Text>
              ) : (
                <Text size="sm">→ {stateLabel(row.becomes)}</Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
