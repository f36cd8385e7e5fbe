import { Paper, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format';

/** One count of the check or of the import, large, in a box named by its label. */
export function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={color}>
        {formatCount(value)}
      </Text>
    </Paper>
  );
}
