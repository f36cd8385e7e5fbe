import { Table, Text } from '@mantine/core';
import type { Impact } from '../actions';
import { StateBadge } from '../components/state-badge';
import { stateLabels } from '../states';
import { formatCount } from '../../../lib/format';

/** The selection counted by current state, and what the action does to each group. */
export function ImpactTable({ impact }: { impact: Impact }) {
  return (
    <Table aria-label="Impact" withTableBorder verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Now</Table.Th>
          <Table.Th ta="right">Subscribers</Table.Th>
          <Table.Th>Afterwards</Table.Th>
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
                  No change (already {stateLabels[row.state].toLowerCase()})
                </Text>
              ) : (
                <Text size="sm">→ {stateLabels[row.becomes]}</Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
