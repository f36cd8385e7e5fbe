import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { JsonSchema, OpenApiOperation } from '../../../api/openapi';
import { schemaType } from './schema-type';

const methodColors: Record<string, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  patch: 'yellow',
  delete: 'red',
  options: 'gray',
};

/** Marks what the spec does not define (`x-extension` in the document). */
export const ExtensionBadge = () => (
  <Badge variant="outline" color="grape" size="sm">
    <Trans>Extension</Trans>
  </Badge>
);

type Row = { name: string; where: string; required: boolean; schema?: JsonSchema; ext: boolean };

/** One operation: method and path, its parameters and its JSON body's members. */
export function OperationCard({
  method,
  path,
  operation,
}: {
  method: string;
  path: string;
  operation: OpenApiOperation;
}) {
  const { t } = useLingui();
  const title = `${method.toUpperCase()} ${path}`;
  const body = operation.requestBody?.content;
  const bodyMembers = Object.keys(body ?? {}).join(', ');
  const jsonBody = body?.['application/json']?.schema;
  const rows: Row[] = [
    ...(operation.parameters ?? []).map((p) => ({
      name: p.name,
      where: p.in,
      required: Boolean(p.required),
      schema: p.schema,
      ext: Boolean(p['x-extension']),
    })),
    ...Object.entries(jsonBody?.properties ?? {}).map(([name, schema]) => ({
      name,
      where: 'body',
      required: jsonBody?.required?.includes(name) ?? false,
      schema,
      ext: false,
    })),
  ];
  return (
    <Card withBorder component="section" aria-label={title} padding="sm">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge color={methodColors[method] ?? 'gray'} variant="filled" radius="sm">
            {method.toUpperCase()}
          </Badge>
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            <Code>{path}</Code>
          </Title>
          {operation['x-extension'] && <ExtensionBadge />}
        </Group>
        {operation.summary && <Text size="sm">{operation.summary}</Text>}
        {body && !jsonBody && (
          <Text size="sm" c="dimmed">
            <Trans>Request body: {bodyMembers}</Trans>
          </Text>
        )}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label={t`Parameters of ${title}`} fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Name</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>In</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Type</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Required</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.where}:${row.name}`}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Code>{row.name}</Code>
                        {row.ext && <ExtensionBadge />}
                      </Group>
                    </Table.Td>
                    <Table.Td>{row.where}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {schemaType(row.schema)}
                    </Table.Td>
                    <Table.Td>{row.required ? t`yes` : t`no`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
