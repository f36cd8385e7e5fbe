import { useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** The first rows of a file as read with the chosen format. */
export function PreviewTable({
  label,
  header,
  rows,
  columnCount,
}: {
  label: string;
  header: string[] | null;
  rows: string[][];
  columnCount: number;
}) {
  const { t } = useLingui();
  const columnTitle = (i: number) => {
    const number = i + 1;
    return t`Column ${number}`;
  };
  const columns = Array.from({ length: columnCount }, (_, i) => i);
  return (
    <Table.ScrollContainer minWidth={Math.min(columnCount * 140, 2400)} maxHeight={420}>
      <Table
        aria-label={label}
        striped
        withTableBorder
        withColumnBorders
        verticalSpacing={4}
        fz="sm"
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((i) => (
              <Table.Th key={i} style={{ whiteSpace: 'nowrap' }}>
                {header ? clip(header[i] ?? '') : columnTitle(i)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            <Table.Tr key={r}>
              {columns.map((i) => (
                <Table.Td key={i} style={{ whiteSpace: 'nowrap' }}>
                  {row[i] === undefined ? (
                    <Text span c="dimmed" size="xs">
                      —
                    </Text>
                  ) : (
                    clip(row[i])
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
