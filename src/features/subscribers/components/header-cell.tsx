import { Table } from '@mantine/core';
import { SortButton } from '../../../components/sort-button';
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
  return (
    <Table.Th aria-sort={direction}>
      <SortButton label={label} direction={direction} onClick={() => onSort(sortField)} />
    </Table.Th>
  );
}
