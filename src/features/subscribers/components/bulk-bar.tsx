import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  if (!all && selected === 0) return null;
  const matchingCount = formatCount(matching);
  const selectedCount = formatCount(selected);
  return (
    <Paper withBorder p="xs" mb="sm" role="region" aria-label={t`Selection`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} aria-live="polite">
            {all
              ? plural(matching, {
                  one: `All ${matchingCount} matching subscriber selected`,
                  other: `All ${matchingCount} matching subscribers selected`,
                })
              : t`${selectedCount} selected`}
          </Text>
          {!all && pageAllSelected && matching > selected && (
            <Button variant="subtle" size="compact-sm" onClick={onSelectAll}>
              <Trans>Select all {matchingCount} matching</Trans>
            </Button>
          )}
          <Button variant="subtle" color="gray" size="compact-sm" onClick={onClear}>
            <Trans>Clear selection</Trans>
          </Button>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => onAction('activate')}>
            <Trans>Activate selected</Trans>
          </Button>
          <Button size="xs" variant="light" onClick={() => onAction('unsubscribe')}>
            <Trans>Unsubscribe selected</Trans>
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => onAction('delete')}>
            <Trans>Delete selected</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
