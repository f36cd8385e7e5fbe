import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Webhook } from '../../../api/webhooks';
import { webhookEventTypes, type WebhookEventType } from '../../../../contract/webhooks';
import { describeError } from '../../../api/errors';
import { listQueries, meQuery } from '../../../api/shared-queries';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notify } from '../../../components/notify';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateSecret,
  useSendTestEvent,
  useUpdateWebhook,
  webhookQueries,
} from '../queries';
import { AttemptsTable } from './attempts-table';
import { SecretDialog } from './secret-dialog';
import { WebhookForm } from './webhook-form';

const isEventType = (type: string): type is WebhookEventType =>
  (webhookEventTypes as readonly string[]).includes(type);

type Editing = { kind: 'new' } | { kind: 'edit'; webhook: Webhook } | null;

/** Endpoints, their attempts (the one chosen in `?endpoint=`), test events and replays. */
export function WebhooksScreen() {
  const { t } = useLingui();
  const { data, error, isPending } = useQuery(webhookQueries.list());
  const me = useQuery(meQuery());
  const lists = useQuery(listQueries.everyList());
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useSendTestEvent();

  if (error) return <Alert color="red">{describeError(error)}</Alert>;
  if (data && !data.supported)
    return (
      <Alert color="blue" role="status" title={t`Not available`}>
        <Trans>This server does not offer outgoing webhooks.</Trans>
      </Alert>
    );
  const webhooks = data?.data.results ?? [];
  const selected = Number(params.get('endpoint')) || webhooks[0]?.id;
  const failed = (err: unknown) => notify({ color: 'red', message: describeError(err) });
  // A server without per-list endpoints answers without `lists`: no choice is offered then.
  const listChoice = webhooks.every((w) => w.lists !== undefined)
    ? { limited: Boolean(me.data?.lists) }
    : undefined;
  const deletingUrl = deleting?.url ?? '';
  const selectedUrl = webhooks.find((w) => w.id === selected)?.url ?? '';
  const listNames = (ids: number[] | null | undefined) =>
    ids == null
      ? t`every list`
      : ids.map((id) => lists.data?.find((l) => l.id === id)?.name ?? `#${id}`).join(', ');

  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={() => setEditing({ kind: 'new' })}>
          <Trans>Add endpoint</Trans>
        </Button>
      </Group>
      {!isPending && webhooks.length === 0 && (
        <Text c="dimmed">
          <Trans>
            No endpoints yet. Add one to be told when subscribers, imports and deliveries change.
          </Trans>
        </Text>
      )}
      {webhooks.map((w) => {
        const url = w.url;
        const events = w.events.join(', ');
        const endpointLists = listNames(w.lists);
        return (
          <Card key={w.id} withBorder component="section" aria-label={t`Endpoint ${url}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={0}>
                  <Text fw={500} style={{ wordBreak: 'break-all' }}>
                    {w.url}
                  </Text>
                  {w.description && (
                    <Text size="sm" c="dimmed">
                      {w.description}
                    </Text>
                  )}
                </Stack>
                <Badge color={w.enabled ? 'green' : 'gray'}>
                  {w.enabled ? t`Enabled` : t`Disabled`}
                </Badge>
              </Group>
              {w.disabled_reason && (
                <Alert color="red" role="alert" title={t`Disabled after 24 hours of failures`}>
                  {w.disabled_reason}
                </Alert>
              )}
              <Text size="sm">
                <Trans>Events: {events}</Trans>
              </Text>
              {listChoice && (
                <Text size="sm">
                  <Trans>Lists: {endpointLists}</Trans>
                </Text>
              )}
              <Group gap="xs" wrap="wrap">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setParams({ endpoint: String(w.id) })}
                >
                  <Trans>Attempts</Trans>
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  loading={test.isPending && test.variables === w.id}
                  onClick={() =>
                    test.mutate(w.id, {
                      onSuccess: ({ event_id: event }) =>
                        notify({ message: t`Test event ${event} queued.` }),
                      onError: failed,
                    })
                  }
                >
                  <Trans>Send test event</Trans>
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setEditing({ kind: 'edit', webhook: w })}
                >
                  <Trans>Edit</Trans>
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    rotate.mutate(w.id, {
                      onSuccess: (r) => setSecret(r.secret ?? null),
                      onError: failed,
                    })
                  }
                >
                  <Trans>Rotate secret</Trans>
                </Button>
                <Button size="xs" color="red" variant="light" onClick={() => setDeleting(w)}>
                  <Trans>Delete</Trans>
                </Button>
              </Group>
            </Stack>
          </Card>
        );
      })}
      {selected !== undefined && webhooks.some((w) => w.id === selected) && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            <Trans>Attempts of {selectedUrl}</Trans>
          </Title>
          <AttemptsTable webhookId={selected} />
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? t`Edit endpoint` : t`Add endpoint`}
        centered
      >
        {editing && (
          <WebhookForm
            initial={
              editing.kind === 'edit'
                ? {
                    url: editing.webhook.url,
                    events: editing.webhook.events.filter(isEventType),
                    description: editing.webhook.description,
                    enabled: editing.webhook.enabled,
                    ...(listChoice ? { lists: editing.webhook.lists ?? null } : {}),
                  }
                : {
                    url: '',
                    events: [],
                    description: '',
                    enabled: true,
                    ...(listChoice ? { lists: listChoice.limited ? [] : null } : {}),
                  }
            }
            listChoice={listChoice}
            submitLabel={editing.kind === 'edit' ? t`Save` : t`Add endpoint`}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              if (editing.kind === 'edit') {
                await update.mutateAsync({ id: editing.webhook.id, body });
              } else {
                // Every list is the default: left out, as a server without `lists` expects.
                const { lists: chosen, ...rest } = body;
                const created = await create.mutateAsync(chosen ? body : rest);
                setSecret(created.secret ?? null);
              }
              setEditing(null);
            }}
          />
        )}
      </Modal>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t`Delete endpoint`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: failed })
        }
      >
        <Trans>Delete the endpoint {deletingUrl}? Events not yet sent to it are dropped.</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
