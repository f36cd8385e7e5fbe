import { Badge } from '@mantine/core';
import type { ImportStatus } from '../../../../contract/imports';

const colors: Record<ImportStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};
const labels: Record<ImportStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <Badge color={colors[status]} variant="light">
      {labels[status]}
    </Badge>
  );
}
