import { Alert, Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { LAYOUT_INDEX, zipLayoutLimits } from '../../../../contract/mailings';
import { formatBytes, formatCount } from '../../../lib/format';
import { ignoredReason, layoutMessage } from '../layout/layout-messages';
import type { LayoutInspection } from '../layout/zip-inspect';

/** What the inspector found, before anything is uploaded; problems are what blocks sending. */
export function InspectorReport({
  inspection,
  label,
}: {
  inspection: LayoutInspection;
  label: string;
}) {
  const { t } = useLingui();
  const { problems, warnings, images, missing, ignored } = inspection;
  const indexFile = LAYOUT_INDEX;
  const archive = formatBytes(inspection.archiveBytes);
  const maxArchive = formatBytes(zipLayoutLimits.maxArchiveBytes);
  const unpacked = formatBytes(inspection.uncompressedBytes);
  const maxUnpacked = formatBytes(zipLayoutLimits.maxUncompressedBytes);
  const entries = formatCount(inspection.entryCount);
  const maxEntries = formatCount(zipLayoutLimits.maxEntries);
  return (
    <Stack gap="sm" aria-label={t`Inspection of ${label}`} role="region">
      {problems.length > 0 ? (
        <Alert color="red" title={t`This layout cannot be sent yet`} role="alert">
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={p}>{layoutMessage(p)}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert color="teal" title={t`Ready to send`} role="status">
          <Trans>{indexFile} is at the root and every image it shows is in the archive.</Trans>
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert color="yellow" title={t`Worth a look`}>
          <List size="sm">
            {warnings.map((w) => (
              <List.Item key={w}>{layoutMessage(w)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group gap="lg">
        <Size
          label={t`Archive`}
          value={t`${archive} of ${maxArchive}`}
          over={inspection.archiveBytes > zipLayoutLimits.maxArchiveBytes}
        />
        <Size label={t`As data URI in the request`} value={formatBytes(inspection.dataUriLength)} />
        <Size label={t`Unpacked`} value={t`${unpacked} of ${maxUnpacked}`} />
        <Size label={t`Entries`} value={t`${entries} of ${maxEntries}`} />
      </Group>
      {(images.length > 0 || missing.length > 0) && (
        <Table aria-label={t`Images of ${label}`} verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Image</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Size</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {images.map((image) => (
              <Table.Tr key={image.path}>
                <Table.Td>{image.path}</Table.Td>
                <Table.Td>{formatBytes(image.bytes)}</Table.Td>
                <Table.Td>
                  {image.used ? (
                    <Badge color="teal" variant="light">
                      <Trans>referenced, present</Trans>
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      <Trans>present, unused</Trans>
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {missing.map((path) => (
              <Table.Tr key={path}>
                <Table.Td>{path}</Table.Td>
                <Table.Td>—</Table.Td>
                <Table.Td>
                  <Badge color="red" variant="light">
                    <Trans>referenced, missing</Trans>
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {ignored.length > 0 && (
        <div>
          <Text size="sm" fw={500}>
            <Trans>Ignored files</Trans>
          </Text>
          <List size="sm" aria-label={t`Ignored files of ${label}`}>
            {ignored.map((f) => (
              <List.Item key={f.path}>
                {f.path}{' '}
                <Text span size="xs" c="dimmed">
                  — {ignoredReason(f.reason)}
                </Text>
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}

function Size({ label, value, over = false }: { label: string; value: string; over?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} c={over ? 'red' : undefined}>
        {value}
      </Text>
    </div>
  );
}
