import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { ImportStatus } from '../../../../contract/imports';

const colors: Record<ImportStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};
const labels: Record<ImportStatus, MessageDescriptor> = {
  queued: msg`Queued`,
  running: msg`Running`,
  done: msg`Done`,
  failed: msg`Failed`,
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge color={colors[status]} variant="light">
      {i18n._(labels[status])}
    </Badge>
  );
}
