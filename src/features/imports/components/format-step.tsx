import { delimiterLabel } from '../format/labels';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import {
  commonImportEncodings,
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

export function FormatStep({ data, goTo }: { data: WizardData; goTo: GoTo }) {
  const { t } = useLingui();
  const { format, detected: found, sample, file } = data.state;
  if (!format || !found || !sample || !file) return null;
  const sampleSize = formatBytes(SAMPLE_BYTES);
  const encoding = format.encoding;
  const headerFound = found.hasHeader ? t`yes` : t`no`;
  const detectedMark = (label: string, isDetected: boolean) =>
    isDetected ? t`${label} (detected)` : label;
  const encodings = [...new Set([found.encoding, ...commonImportEncodings])];
  const table = data.table;

  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="lg" wrap="wrap">
        <NativeSelect
          label={t`Encoding`}
          description={t`How the file's characters are stored`}
          data={encodings.map((e) => ({
            value: e,
            label: detectedMark(e, e === found.encoding),
          }))}
          value={format.encoding}
          onChange={(e) =>
            dispatch({ type: 'formatChanged', change: { encoding: e.currentTarget.value } })
          }
          w={240}
        />
        <NativeSelect
          label={t`Delimiter`}
          description={t`What separates the columns`}
          data={importDelimiters.map((d) => ({
            value: d,
            label: detectedMark(delimiterLabel(d), d === found.delimiter),
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
          label={t`The first row is a header`}
          description={t`Detected: ${headerFound}`}
          checked={format.hasHeader}
          onChange={(e) =>
            dispatch({ type: 'formatChanged', change: { hasHeader: e.currentTarget.checked } })
          }
          mb={8}
        />
      </Group>

      <div>
        <Title order={2} size="h4" mb={4}>
          <Trans>Preview</Trans>
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {sample.complete ? (
            <Trans>
              The first rows, read from the whole file in {encoding}. Wrong characters (Ã¼ for ü)
              mean another encoding.
            </Trans>
          ) : (
            <Trans>
              The first rows, read from its first {sampleSize} in {encoding}. Wrong characters (Ã¼
              for ü) mean another encoding.
            </Trans>
          )}
        </Text>
        {!table ? (
          <LinesSkeleton lines={4} label={t`Reading the preview`} />
        ) : table.rows.length === 0 && !table.header ? (
          <Alert color="yellow" title={t`No rows`}>
            <Trans>Nothing was found in the file.</Trans>
          </Alert>
        ) : (
          <PreviewTable
            label={t`Preview of the file`}
            header={table.header}
            rows={table.rows.slice(0, PREVIEW_SHOWN)}
            columnCount={table.columnCount}
          />
        )}
      </div>

      <StepNav
        onBack={() => goTo('file')}
        onNext={() => goTo('columns')}
        nextLabel={t`Next: Columns`}
        nextDisabled={!table || table.columnCount === 0 || !data.targets}
      />
    </Stack>
  );
}
