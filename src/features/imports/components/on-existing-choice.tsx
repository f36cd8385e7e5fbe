import { formatCount } from '../../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Paper, Radio, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ImportOnExisting } from '../../../../contract/imports';
import { LinesSkeleton } from '../../../components/states';
import { updatePreview } from '../check/update-preview';
import { importQueries } from '../queries';
import { dispatch } from '../wizard/store';
import type { WizardData } from '../wizard/use-wizard-data';

/** How many of the sample's addresses the preview looks up. */
const PREVIEW_ADDRESSES = 10;

/**
 * Whether rows whose address the list already has update it (issue 53), and, when they do,
 * a preview on the file's first rows: which subscribers exist and which of their values
 * the import would overwrite (docs/decisions/import-update-undo.md).
 */
export function OnExistingChoice({ data, listId }: { data: WizardData; listId: number }) {
  const { t } = useLingui();
  const { onExisting } = data.state;
  return (
    <Paper withBorder p="md">
      <Radio.Group
        label={t`Addresses already in the list`}
        value={onExisting}
        onChange={(value) =>
          dispatch({ type: 'onExistingChanged', value: value as ImportOnExisting })
        }
      >
        <Stack gap="xs" mt="xs">
          <Radio value="skip" label={t`Leave those subscribers as they are`} />
          <Radio
            value="update"
            label={t`Update them with the mapped columns (names, language, custom fields…; never their subscription state)`}
          />
        </Stack>
      </Radio.Group>
      {onExisting === 'update' && <UpdatePreview data={data} listId={listId} />}
    </Paper>
  );
}

function UpdatePreview({ data, listId }: { data: WizardData; listId: number }) {
  const { t } = useLingui();
  const fields = useMemo(() => data.mapping?.fields ?? [], [data.mapping]);
  const rows = useMemo(() => data.table?.rows ?? [], [data.table]);
  const emailColumn = fields.indexOf('email');
  const emails = useMemo(() => {
    const addresses = rows.map((r) => (r[emailColumn] ?? '').trim()).filter((e) => e.includes('@'));
    return [...new Set(addresses)].slice(0, PREVIEW_ADDRESSES);
  }, [rows, emailColumn]);
  const existing = useQuery(importQueries.existing(listId, emails));
  const preview = useMemo(
    () => (existing.data ? updatePreview(rows, fields, existing.data) : null),
    [existing.data, rows, fields],
  );

  if (existing.isPending)
    return <LinesSkeleton lines={2} label={t`Looking up the first addresses`} />;
  if (!preview)
    return (
      <Alert color="gray" mt="sm" title={t`No preview`}>
        <Trans>The list&apos;s subscribers could not be read for the preview.</Trans>
      </Alert>
    );
  const changing = preview.filter((p) => p.changes.length > 0);
  const looked = formatCount(emails.length);
  const known = formatCount(preview.length);
  const changed = formatCount(changing.length);
  return (
    <Stack gap="xs" mt="md">
      <Text size="sm" aria-live="polite">
        <Trans>
          Of the first {looked} addresses, {known} already in the list; {changed} would change.
        </Trans>
      </Text>
      {changing.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t`What the update would change`} verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Email</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Field</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Now</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>After the import</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changing.flatMap((row) =>
                row.changes.map((change) => (
                  <Table.Tr key={`${row.email} ${change.field}`}>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none">
                        {change.field}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{change.from || '—'}</Table.Td>
                    <Table.Td>{change.to || '—'}</Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
