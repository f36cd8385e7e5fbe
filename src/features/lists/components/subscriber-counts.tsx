import { Group, Text } from '@mantine/core';
import type { SubscriberCounts } from '../../../../contract/lists';
import { formatCount } from '../../../lib/format';

const shown = ['active', 'pending', 'bounced', 'unsubscribed'] as const;
const colors = {
  active: 'teal',
  pending: 'yellow',
  bounced: 'red',
  unsubscribed: 'dimmed',
} as const;

/** Counts by state; deleted subscribers are left out, as the API's unfiltered collection does. */
export function SubscriberCountsCell({ counts }: { counts: SubscriberCounts }) {
  return (
    <Group gap={8} maw={260}>
      {shown
        .filter((state) => state === 'active' || counts[state] > 0)
        .map((state) => (
          <Text key={state} size="sm" span c={colors[state]} style={{ whiteSpace: 'nowrap' }}>
            {formatCount(counts[state])} {state}
          </Text>
        ))}
    </Group>
  );
}
