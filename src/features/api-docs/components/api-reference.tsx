import { Anchor, Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getOpenApiDocument, type OpenApiDocument } from '../../../api/openapi';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { ExtensionBadge, OperationCard } from './operation-card';

const methods = ['get', 'post', 'put', 'patch', 'delete', 'options'];

/** Operations grouped by resource: `/api/v1/lists/{id}` belongs to "lists". */
function groups(document: OpenApiDocument) {
  const byResource = new Map<string, { method: string; path: string }[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    const resource = path.replace(/^\/api\/v1\//, '').split('/')[0] || path;
    for (const method of methods) {
      if (!item[method]) continue;
      const list = byResource.get(resource) ?? [];
      list.push({ method, path });
      byResource.set(resource, list);
    }
  }
  return [...byResource];
}

/**
 * The API reference, rendered from the server's OpenAPI document (/api/v1/openapi.json) by
 * React alone: no renderer library that evaluates code, so it works under the strict CSP.
 */
export function ApiReference() {
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => getOpenApiDocument(signal),
    staleTime: Infinity,
  });
  if (isPending) return <LinesSkeleton label="Loading the API reference" />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!data.supported)
    return (
      <Alert color="gray" title="No API reference here">
        The API this dashboard talks to does not publish an OpenAPI document.
      </Alert>
    );
  const document = data.data;
  return (
    <Stack gap="lg">
      <Text size="sm">
        {document.info.title}, OpenAPI {document.openapi}.{' '}
        {/* A link inside a sentence is underlined: its colour alone is too close to the text's. */}
        <Anchor href="/api/v1/openapi.json" target="_blank" rel="noreferrer" underline="always">
          The document as JSON
        </Anchor>
        . Operations and parameters marked <ExtensionBadge /> are Mailboard&apos;s additions to the
        spec; other deployments of the API may not have them.
      </Text>
      {groups(document).map(([resource, operations]) => (
        <Stack key={resource} gap="xs" component="section" aria-label={resource}>
          <Title order={2} size="h4">
            {resource}
          </Title>
          {operations.map(({ method, path }) => (
            <OperationCard
              key={`${method} ${path}`}
              method={method}
              path={path}
              operation={document.paths[path]![method]!}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
