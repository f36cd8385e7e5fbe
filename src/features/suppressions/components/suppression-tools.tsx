import type { SuppressionImportResult } from '../../../../contract/suppressions';
import { translateServerText } from '../../../api/server-messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileButton, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { exportSuppressions } from '../../../api/suppressions';
import { describeError, fieldErrors } from '../../../api/errors';
import { notify } from '../../../components/notify';
import { downloadBlob } from '../../../lib/download';
import { useAddSuppression, useImportSuppressions } from '../queries';

/** Add an address or a domain by hand; bring a CSV in; take the whole list out as CSV. */
export function SuppressionTools() {
  const { t } = useLingui();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const add = useAddSuppression();
  const importFile = useImportSuppressions();
  const importSummary = (r: SuppressionImportResult) => {
    const { added, existing, invalid } = r;
    const first = r.errors[0];
    if (!first) return t`Imported: ${added} added, ${existing} already listed, ${invalid} refused.`;
    const line = first.line;
    const message = translateServerText(first.message);
    return t`Imported: ${added} added, ${existing} already listed, ${invalid} refused (line ${line}: ${message}).`;
  };

  const submit = () => {
    const entry = value.trim();
    if (!entry) return setError(t`Enter an address or a domain.`);
    const body = entry.includes('@') ? { email: entry } : { domain: entry };
    add.mutate(body, {
      onSuccess: () => {
        notify({ message: t`${entry} will not be mailed.` });
        setValue('');
        setError(null);
      },
      onError: (err) => {
        const fields = fieldErrors(err);
        setError(fields.email?.[0] ?? fields.domain?.[0] ?? describeError(err));
      },
    });
  };

  const download = async () => {
    setExporting(true);
    try {
      downloadBlob(await exportSuppressions(), 'suppressions.csv');
    } catch (err) {
      notify({ color: 'red', message: describeError(err) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Group align="flex-end" wrap="wrap">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}
      >
        <TextInput
          label={t`Address or domain to suppress`}
          placeholder={t`name@example.com or example.com`}
          value={value}
          error={error}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <Button type="submit" loading={add.isPending}>
          <Trans>Add</Trans>
        </Button>
      </form>
      <FileButton
        accept=".csv,text/csv"
        onChange={(file) =>
          file &&
          importFile.mutate(file, {
            onSuccess: (r) => notify({ message: importSummary(r) }),
            onError: (err) => notify({ color: 'red', message: describeError(err) }),
          })
        }
      >
        {(props) => (
          <Button variant="default" loading={importFile.isPending} {...props}>
            <Trans>Import CSV</Trans>
          </Button>
        )}
      </FileButton>
      <Button variant="default" loading={exporting} onClick={() => void download()}>
        <Trans>Export CSV</Trans>
      </Button>
    </Group>
  );
}
