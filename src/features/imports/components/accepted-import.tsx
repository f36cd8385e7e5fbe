import { Alert, Button, Stack, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { ImportRecord } from '../../../../contract/imports';

/**
 * A server without our outcome extension only answers the accepted Import record (the
 * spec's members): shown as is, with the way to the list's subscribers to see the result.
 */
export function AcceptedImport({ record, listId }: { record: ImportRecord; listId: number }) {
  const rows: [string, string][] = [
    ['Import', `#${record.id}`],
    ['File', record.file],
    ['Encoding', record.encoding],
    ['Delimiter', record.delimiter === '\t' ? 'Tab' : record.delimiter],
    ['Header row', record.has_header ? 'yes' : 'no'],
    ['Invalid values', record.ignore_invalid_fields ? 'ignored' : 'reject the row'],
    ['Date format', record.date_format],
    ['Fields', record.fields.map((f) => f || '(ignored)').join(', ')],
  ];
  return (
    <Stack gap="md">
      <Alert color="teal" title="The server accepted the import">
        This server does not report the progress or outcome of imports: the subscribers appear in
        the list as it processes the file.
      </Alert>
      <Table aria-label="Accepted import" variant="vertical" layout="fixed" maw={720}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={180}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button component={Link} to={`/lists/${listId}/subscribers`} w="fit-content">
        Show the list&apos;s subscribers
      </Button>
    </Stack>
  );
}
