import { Alert, Checkbox, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import {
  commonImportEncodings,
  delimiterLabels,
  importDelimiters,
  type ImportDelimiter,
} from '../../../../contract/imports';
import { LinesSkeleton } from '../../../components/states';
import { SAMPLE_BYTES } from '../format/detect-encoding';
import { formatBytes } from '../../../lib/format';
import { dispatch } from '../wizard/store';
import type { WizardData } from '../wizard/use-wizard-data';
import type { GoTo } from '../wizard/steps';
import { PreviewTable } from './preview-table';
import { StepNav } from './step-nav';

const PREVIEW_SHOWN = 10;

const detectedMark = (isDetected: boolean) => (isDetected ? ' (detected)' : '');

export function FormatStep({ data, goTo }: { data: WizardData; goTo: GoTo }) {
  const { format, detected, sample, file } = data.state;
  if (!format || !detected || !sample || !file) return null;
  const encodings = [...new Set([detected.encoding, ...commonImportEncodings])];
  const table = data.table;

  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="lg" wrap="wrap">
        <NativeSelect
          label="Encoding"
          description="How the file's characters are stored"
          data={encodings.map((e) => ({
            value: e,
            label: `${e}${detectedMark(e === detected.encoding)}`,
          }))}
          value={format.encoding}
          onChange={(e) =>
            dispatch({ type: 'formatChanged', change: { encoding: e.currentTarget.value } })
          }
          w={240}
        />
        <NativeSelect
          label="Delimiter"
          description="What separates the columns"
          data={importDelimiters.map((d) => ({
            value: d,
            label: `${delimiterLabels[d]}${detectedMark(d === detected.delimiter)}`,
          }))}
          value={format.delimiter}
          onChange={(e) =>
            dispatch({
              type: 'formatChanged',
              change: { delimiter: e.currentTarget.value as ImportDelimiter },
            })
          }
          w={240}
        />
        <Checkbox
          label="The first row is a header"
          description={`Detected: ${detected.hasHeader ? 'yes' : 'no'}`}
          checked={format.hasHeader}
          onChange={(e) =>
            dispatch({ type: 'formatChanged', change: { hasHeader: e.currentTarget.checked } })
          }
          mb={8}
        />
      </Group>

      <div>
        <Title order={2} size="h4" mb={4}>
          Preview
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The first rows, read{' '}
          {sample.complete ? 'from the whole file' : `from its first ${formatBytes(SAMPLE_BYTES)}`}{' '}
          in {format.encoding}. Wrong characters (Ã¼ for ü) mean another encoding.
        </Text>
        {!table ? (
          <LinesSkeleton lines={4} label="Reading the preview" />
        ) : table.rows.length === 0 && !table.header ? (
          <Alert color="yellow" title="No rows">
            Nothing was found in the file.
          </Alert>
        ) : (
          <PreviewTable
            label="Preview of the file"
            header={table.header}
            rows={table.rows.slice(0, PREVIEW_SHOWN)}
            columnCount={table.columnCount}
          />
        )}
      </div>

      <StepNav
        onBack={() => goTo('file')}
        onNext={() => goTo('columns')}
        nextLabel="Next: Columns"
        nextDisabled={!table || table.columnCount === 0 || !data.targets}
      />
    </Stack>
  );
}
