import { useLingui } from '@lingui/react/macro';
import { Group, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';

/** A column header's sort button: "Sort by <label>", with an arrow for the current order. */
export function SortButton({
  label,
  direction,
  onClick,
}: {
  label: string;
  direction: 'ascending' | 'descending' | 'none';
  onClick: () => void;
}) {
  const { t } = useLingui();
  const Icon =
    direction === 'ascending'
      ? IconArrowUp
      : direction === 'descending'
        ? IconArrowDown
        : IconArrowsSort;
  return (
    <UnstyledButton onClick={onClick} aria-label={t`Sort by ${label}`} fw={700} fz="sm">
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} stroke={1.5} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
