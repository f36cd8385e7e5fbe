import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, Table } from '@mantine/core';
import { Link } from '../../../components/link';
import type { ImportRecord } from '../../../../contract/imports';

/**
 * A server without our outcome extension only answers the accepted Import record (the
 * spec's members): shown as is, with the way to the list's subscribers to see the result.
 */
export function AcceptedImport({ record, listId }: { record: ImportRecord; listId: number }) {
  const { t } = useLingui();
  const rows: [string, string][] = [
    [t`Import`, `#${record.id}`],
    [t`File`, record.file],
    [t`Encoding`, record.encoding],
    [t`Delimiter`, record.delimiter === '\t' ? t`Tab` : record.delimiter],
    [t`Header row`, record.has_header ? t`yes` : t`no`],
    [t`Invalid values`, record.ignore_invalid_fields ? t`ignored` : t`reject the row`],
    [t`Date format`, record.date_format],
    [t`Fields`, record.fields.map((f) => f || t`(ignored)`).join(', ')],
  ];
  return (
    <Stack gap="md">
      <Alert color="teal" title={t`The server accepted the import`}>
        <Trans>
          This server does not report the progress or outcome of imports: the subscribers appear in
          the list as it processes the file.
        </Trans>
      </Alert>
      <Table aria-label={t`Accepted import`} variant="vertical" layout="fixed" maw={720}>
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
        <Trans>Show the list&apos;s subscribers</Trans>
      </Button>
    </Stack>
  );
}
