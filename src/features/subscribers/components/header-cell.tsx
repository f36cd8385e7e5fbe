import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { sortDirection } from '../../../components/table-params';
import type { FieldInfo } from '../columns';

/** A column header; a sort button (with `aria-sort`) when the server can order by the field. */
export function HeaderCell({
  field,
  label,
  ordering,
  onSort,
}: {
  field: FieldInfo | undefined;
  label: string;
  ordering: string | undefined;
  onSort: (field: string) => void;
}) {
  const sortField = field?.sortField;
  if (!sortField) return <Table.Th>{label}</Table.Th>;
  const direction = sortDirection(ordering, sortField);
  const Icon =
    direction === 'ascending'
      ? IconArrowUp
      : direction === 'descending'
        ? IconArrowDown
        : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton
        onClick={() => onSort(sortField)}
        aria-label={`Sort by ${label}`}
        fw={700}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} stroke={1.5} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
