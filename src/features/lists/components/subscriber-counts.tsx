import { plural } from '@lingui/core/macro';
import { Group, Text } from '@mantine/core';
import type { SubscriberCounts } from '../../../../contract/lists';

const shown = ['active', 'pending', 'bounced', 'unsubscribed'] as const;
const colors = {
  active: 'teal',
  pending: 'yellow',
  bounced: 'red',
  unsubscribed: 'dimmed',
} as const;

type Shown = (typeof shown)[number];

// `#` is the count, with the locale's group separators.
const label = (state: Shown, count: number) => {
  switch (state) {
    case 'active':
      return plural(count, { one: '# active', other: '# active' });
    case 'pending':
      return plural(count, { one: '# pending', other: '# pending' });
    case 'bounced':
      return plural(count, { one: '# bounced', other: '# bounced' });
    case 'unsubscribed':
      return plural(count, { one: '# unsubscribed', other: '# unsubscribed' });
  }
};

/** Counts by state; deleted subscribers are left out, as the API's unfiltered collection does. */
export function SubscriberCountsCell({ counts }: { counts: SubscriberCounts }) {
  return (
    <Group gap={8} maw={260}>
      {shown
        .filter((state) => state === 'active' || counts[state] > 0)
        .map((state) => (
          <Text key={state} size="sm" span c={colors[state]} style={{ whiteSpace: 'nowrap' }}>
            {label(state, counts[state])}
          </Text>
        ))}
    </Group>
  );
}
