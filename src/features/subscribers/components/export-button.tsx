import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { getSubscribers, type SubscriberQuery } from '../../../api/subscribers';
import { notifyError, notifySuccess } from '../../../components/notify';
import { downloadBlob } from '../../../lib/download';
import type { FieldInfo } from '../columns';
import { exportSubscribersCsv } from '../export-csv';
import { withRetryAfter } from '../perform-action';

const EXPORT_PAGE_SIZE = 1000;

/** Downloads every subscriber matching the current filter as CSV, with progress. */
export function ExportButton({
  listId,
  filter,
  ordering,
  fields,
  fileName,
}: {
  listId: number;
  filter: SubscriberQuery;
  ordering: string | undefined;
  fields: readonly FieldInfo[];
  fileName: string;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async () => {
    const abort = (controller.current = new AbortController());
    setProgress({ done: 0, total: 0 });
    try {
      const { blob, rows } = await exportSubscribersCsv(
        fields,
        (page, signal) =>
          withRetryAfter(
            () =>
              getSubscribers(
                listId,
                { ...filter, ...(ordering ? { ordering } : {}), page, page_size: EXPORT_PAGE_SIZE },
                signal,
              ),
            { signal },
          ),
        { signal: abort.signal, onProgress: (done, total) => setProgress({ done, total }) },
      );
      downloadBlob(blob, fileName);
      notifySuccess(`Exported ${rows.toLocaleString()} subscribers to ${fileName}.`);
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
        disabled={progress !== null}
      >
        Export CSV
      </Button>
      <Modal
        opened={progress !== null}
        onClose={() => controller.current?.abort()}
        title="Exporting subscribers"
        centered
      >
        <Stack>
          <Progress value={percent} aria-label={`Export: ${Math.round(percent)}%`} animated />
          <Text size="sm" c="dimmed" aria-live="polite">
            {progress?.done.toLocaleString()} of {progress?.total.toLocaleString()} rows
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
