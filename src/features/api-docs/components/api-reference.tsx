import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => getOpenApiDocument(signal),
    staleTime: Infinity,
  });
  if (isPending) return <LinesSkeleton label={t`Loading the API reference`} />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!data.supported)
    return (
      <Alert color="gray" title={t`No API reference here`}>
        <Trans>The API this dashboard talks to does not publish an OpenAPI document.</Trans>
      </Alert>
    );
  const document = data.data;
  const title = document.info.title;
  const version = document.openapi;
  return (
    <Stack gap="lg">
      <Text size="sm">
        <Trans>
          {title}, OpenAPI {version}.
        </Trans>{' '}
        {/* A link inside a sentence is underlined: its colour alone is too close to the text's. */}
        <Anchor href="/api/v1/openapi.json" target="_blank" rel="noreferrer" underline="always">
          <Trans>The document as JSON</Trans>
        </Anchor>
        .{' '}
        <Trans>
          Operations and parameters marked <ExtensionBadge /> are Mailboard&apos;s additions to the
          spec; other deployments of the API may not have them.
        </Trans>
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
      <WebhookEvents document={document} />
    </Stack>
  );
}

/**
 * The events sent to webhook endpoints: each card's body rows are the payload's `data`
 * members (the payload is `{type, id, timestamp, data}`, signed as Standard Webhooks).
 */
function WebhookEvents({ document }: { document: OpenApiDocument }) {
  const { t } = useLingui();
  const events = Object.entries(document.webhooks ?? {});
  const payloadShape = '{type, id, timestamp, data}';
  if (events.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t`webhook events`}>
      <Title order={2} size="h4">
        <Trans>webhook events</Trans>
      </Title>
      <Text size="sm">
        <Trans>
          Each is POSTed as <code>{payloadShape}</code> with the Standard Webhooks headers{' '}
          <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code>
          ; the members of <code>data</code> are listed.
        </Trans>
      </Text>
      {events.map(([type, item]) => {
        const payload = item.post?.requestBody?.content?.['application/json']?.schema;
        const data = payload?.properties?.['data'];
        return (
          <OperationCard
            key={type}
            method="post"
            path={type}
            operation={{
              'x-extension': true,
              requestBody: data ? { content: { 'application/json': { schema: data } } } : undefined,
            }}
          />
        );
      })}
    </Stack>
  );
}
