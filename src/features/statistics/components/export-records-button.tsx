import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { getStatistics, type StatisticKind } from '../../../api/statistics';
import { notifyError, notifySuccess } from '../../../components/notify';
import { downloadBlob } from '../../../lib/download';
import type { ChartFilters } from '../chart-data';
import { recordsView } from '../queries';
import { exportRecordsCsv } from '../records-csv';

const EXPORT_PAGE_SIZE = 1000;

/** Every record of the current filters (all pages) as a CSV download, with progress. */
export function ExportRecordsButton({
  kind,
  filters,
  names,
  fileName,
  disabled,
}: {
  kind: StatisticKind;
  filters: ChartFilters;
  names: ReadonlyMap<number, string>;
  fileName: string;
  disabled?: boolean;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async () => {
    const abort = (controller.current = new AbortController());
    setProgress({ done: 0, total: 0 });
    try {
      const { blob, rows } = await exportRecordsCsv(
        kind,
        (page, signal) =>
          getStatistics(
            kind,
            { ...recordsView(kind, filters), page, page_size: EXPORT_PAGE_SIZE },
            signal,
          ),
        names,
        { signal: abort.signal, onProgress: (done, total) => setProgress({ done, total }) },
      );
      downloadBlob(blob, fileName);
      notifySuccess(`Exported ${rows.toLocaleString('en-US')} ${kind} to ${fileName}.`);
    } catch (err) {
      if (!abort.signal.aborted) notifyError(err, 'The export failed');
    } finally {
      setProgress(null);
    }
  };

  const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void start()}
        disabled={disabled || progress !== null}
      >
        Export CSV
      </Button>
      <Modal
        opened={progress !== null}
        onClose={() => controller.current?.abort()}
        title={`Exporting ${kind}`}
        centered
      >
        <Stack>
          <Progress value={percent} aria-label={`Export: ${Math.round(percent)}%`} animated />
          <Text size="sm" c="dimmed" aria-live="polite">
            {progress?.done.toLocaleString('en-US')} of {progress?.total.toLocaleString('en-US')}{' '}
            records
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => controller.current?.abort()}>
              Cancel export
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
