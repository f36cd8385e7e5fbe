import { Alert, Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import { LAYOUT_INDEX, zipLayoutLimits } from '../../../../contract/mailings';
import { MB, formatBytes } from '../../../lib/format';
import type { LayoutInspection } from '../layout/zip-inspect';

/** What the inspector found, before anything is uploaded; problems are what blocks sending. */
export function InspectorReport({
  inspection,
  label,
}: {
  inspection: LayoutInspection;
  label: string;
}) {
  const { problems, warnings, images, missing, ignored } = inspection;
  return (
    <Stack gap="sm" aria-label={`Inspection of ${label}`} role="region">
      {problems.length > 0 ? (
        <Alert color="red" title="This layout cannot be sent yet" role="alert">
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert color="teal" title="Ready to send" role="status">
          {LAYOUT_INDEX} is at the root and every image it shows is in the archive.
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert color="yellow" title="Worth a look">
          <List size="sm">
            {warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group gap="lg">
        <Size
          label="Archive"
          value={`${formatBytes(inspection.archiveBytes)} of ${zipLayoutLimits.maxArchiveBytes / MB} MB`}
          over={inspection.archiveBytes > zipLayoutLimits.maxArchiveBytes}
        />
        <Size label="As data URI in the request" value={formatBytes(inspection.dataUriLength)} />
        <Size
          label="Unpacked"
          value={`${formatBytes(inspection.uncompressedBytes)} of ${zipLayoutLimits.maxUncompressedBytes / MB} MB`}
        />
        <Size label="Entries" value={`${inspection.entryCount} of ${zipLayoutLimits.maxEntries}`} />
      </Group>
      {(images.length > 0 || missing.length > 0) && (
        <Table aria-label={`Images of ${label}`} verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Image</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Status</Table.Th>
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
                      referenced, present
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      present, unused
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
                    referenced, missing
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
            Ignored files
          </Text>
          <List size="sm" aria-label={`Ignored files of ${label}`}>
            {ignored.map((f) => (
              <List.Item key={f.path}>
                {f.path}{' '}
                <Text span size="xs" c="dimmed">
                  — {f.reason}
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
