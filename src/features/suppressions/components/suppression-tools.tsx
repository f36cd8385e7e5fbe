import { Button, FileButton, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { exportSuppressions } from '../../../api/suppressions';
import { describeError, fieldErrors } from '../../../api/errors';
import { notify } from '../../../components/notify';
import { downloadBlob } from '../../../lib/download';
import { useAddSuppression, useImportSuppressions } from '../queries';

/** Add an address or a domain by hand; bring a CSV in; take the whole list out as CSV. */
export function SuppressionTools() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const add = useAddSuppression();
  const importFile = useImportSuppressions();

  const submit = () => {
    const entry = value.trim();
    if (!entry) return setError('Enter an address or a domain.');
    const body = entry.includes('@') ? { email: entry } : { domain: entry };
    add.mutate(body, {
      onSuccess: () => {
        notify({ message: `${entry} will not be mailed.` });
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
          label="Address or domain to suppress"
          placeholder="name@example.com or example.com"
          value={value}
          error={error}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <Button type="submit" loading={add.isPending}>
          Add
        </Button>
      </form>
      <FileButton
        accept=".csv,text/csv"
        onChange={(file) =>
          file &&
          importFile.mutate(file, {
            onSuccess: (r) =>
              notify({
                message: `Imported: ${r.added} added, ${r.existing} already listed, ${r.invalid} refused${
                  r.errors[0] ? ` (line ${r.errors[0].line}: ${r.errors[0].message})` : ''
                }.`,
              }),
            onError: (err) => notify({ color: 'red', message: describeError(err) }),
          })
        }
      >
        {(props) => (
          <Button variant="default" loading={importFile.isPending} {...props}>
            Import CSV
          </Button>
        )}
      </FileButton>
      <Button variant="default" loading={exporting} onClick={() => void download()}>
        Export CSV
      </Button>
    </Group>
  );
}
