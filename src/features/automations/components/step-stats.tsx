import { Group, Text } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { StepStats } from '../../../../contract/automations';
import { formatCount } from '../../../lib/format';

const SHOWN: Record<string, (keyof StepStats)[]> = {
  wait: ['entered', 'waiting', 'exited'],
  send: ['entered', 'sent', 'opened', 'clicked', 'bounced', 'exited'],
  condition: ['entered', 'exited'],
};

const COUNT_LABELS: Record<string, MessageDescriptor> = {
  entered: msg`entered`,
  waiting: msg`waiting`,
  exited: msg`exited`,
  sent: msg`sent`,
  opened: msg`opened`,
  clicked: msg`clicked`,
  bounced: msg`bounced`,
};

/** A step's counts from the same records as the statistics. */
export function StepStatsLine({ stats, kind }: { stats: StepStats; kind: string }) {
  const { t, i18n } = useLingui();
  return (
    <Group gap="md" wrap="wrap" role="group" aria-label={t`Step counts`}>
      {(SHOWN[kind] ?? SHOWN.send!).map((key) => (
        <Text key={key} size="sm" c="dimmed">
          {COUNT_LABELS[key] ? i18n._(COUNT_LABELS[key]) : key}{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {formatCount(stats[key])}
          </Text>
        </Text>
      ))}
    </Group>
  );
}
