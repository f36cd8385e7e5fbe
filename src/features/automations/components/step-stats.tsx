import { Group, Text } from '@mantine/core';
import type { StepStats } from '../../../../contract/automations';
import { formatCount } from '../../../lib/format';

const SHOWN: Record<string, (keyof StepStats)[]> = {
  wait: ['entered', 'waiting', 'exited'],
  send: ['entered', 'sent', 'opened', 'clicked', 'bounced', 'exited'],
  condition: ['entered', 'exited'],
};

/** A step's counts from the same records as the statistics. */
export function StepStatsLine({ stats, kind }: { stats: StepStats; kind: string }) {
  return (
    <Group gap="md" wrap="wrap" role="group" aria-label="Step counts">
      {(SHOWN[kind] ?? SHOWN.send!).map((key) => (
        <Text key={key} size="sm" c="dimmed">
          {key}{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {formatCount(stats[key])}
          </Text>
        </Text>
      ))}
    </Group>
  );
}
