import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { downloadBlob } from '../lib/download';
import { notifyError, notifySuccess } from './notify';
import { formatCount, formatPercent } from '../lib/format';

export type ExportJob = (options: {
  signal: AbortSignal;
  onProgress: (done: number, total: number) => void;
}) => Promise<{ blob: Blob; rows: number }>;

/**
 * "Export CSV": runs an export across all pages of a collection (the `job` pages and
 * encodes), shows its progress in a dialog that can cancel it, then downloads the file.
 */
export function ExportCsvButton({
  job,
  fileName,
  title,
  unit,
  disabled,
}: {
  job: ExportJob;
  fileName: string;
  /** Dialog title, e.g. "Exporting subscribers". */
  title: string;
  /** What is counted, plural: "rows", "records", "subscribers". */
  unit: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async () => {
    const abort = (controller.current = new AbortController());
    setProgress({ done: 0, total: 0 });
    try {
      const { blob, rows } = await job({
        signal: abort.signal,
        onProgress: (done, total) => setProgress({ done, total }),
      });
      downloadBlob(blob, fileName);
      const exported = formatCount(rows);
      notifySuccess(t`Exported ${exported} ${unit} to ${fileName}.`);
    } catch (err) {
      if (!abort.signal.aborted) notifyError(err, t`The export failed`);
    } finally {
      setProgress(null);
    }
  };

  const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
  const percentText = formatPercent(Math.round(percent) / 100);
  const done = formatCount(progress?.done ?? 0);
  const total = formatCount(progress?.total ?? 0);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void start()}
        disabled={disabled || progress !== null}
      >
        <Trans>Export CSV</Trans>
      </Button>
      <Modal
        opened={progress !== null}
        onClose={() => controller.current?.abort()}
        title={title}
        centered
      >
        <Stack>
          <Progress value={percent} aria-label={t`Export: ${percentText}`} animated />
          <Text size="sm" c="dimmed" aria-live="polite">
            <Trans>
              {done} of {total} {unit}
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => controller.current?.abort()}>
              <Trans>Cancel export</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
