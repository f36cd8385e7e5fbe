import { Button, Group, Paper, Text } from '@mantine/core';
import type { ActionKind } from '../actions';
import { formatCount } from '../../../lib/format';

/** Shown while rows are selected: how many, "all N matching", and the bulk actions. */
export function BulkBar({
  selected,
  all,
  matching,
  pageAllSelected,
  onSelectAll,
  onClear,
  onAction,
}: {
  selected: number;
  all: boolean;
  matching: number;
  pageAllSelected: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (kind: ActionKind) => void;
}) {
  if (!all && selected === 0) return null;
  return (
    <Paper withBorder p="xs" mb="sm" role="region" aria-label="Selection">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} aria-live="polite">
            {all
              ? `All ${formatCount(matching)} matching subscribers selected`
              : `${formatCount(selected)} selected`}
          </Text>
          {!all && pageAllSelected && matching > selected && (
            <Button variant="subtle" size="compact-sm" onClick={onSelectAll}>
              Select all {formatCount(matching)} matching
            </Button>
          )}
          <Button variant="subtle" color="gray" size="compact-sm" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => onAction('activate')}>
            Activate selected
          </Button>
          <Button size="xs" variant="light" onClick={() => onAction('unsubscribe')}>
            Unsubscribe selected
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => onAction('delete')}>
            Delete selected
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
