import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { data, useNavigate, useParams } from 'react-router';
import { describeError } from '../../api/errors';
import { listQueries } from '../../api/shared-queries';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify, notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { DetailSkeleton, ErrorState } from '../../components/states';
import { useCan } from '../../components/use-can';
import { AutomationBuilder } from '../../features/automations/components/automation-builder';
import { RunsTable } from '../../features/automations/components/runs-table';
import { stateColor } from '../../features/automations/describe';
import {
  automationQueries,
  useCreateAutomation,
  useDeleteAutomation,
  useSetAutomationState,
  useUpdateAutomation,
} from '../../features/automations/queries';
import { useListId } from './list-id';

export function Component() {
  const { t } = useLingui();
  const listId = useListId();
  const { automationId } = useParams();
  const navigate = useNavigate();
  if (automationId !== undefined && !/^\d+$/.test(automationId))
    throw data('Not found', { status: 404 });
  const id = automationId === undefined ? undefined : Number(automationId);
  const list = useQuery(listQueries.detail(listId));
  const automation = useQuery({
    ...automationQueries.detail(listId, id ?? 0),
    enabled: id !== undefined,
  });
  const canManage = useCan('automations:manage', listId);
  const create = useCreateAutomation(listId);
  const update = useUpdateAutomation(listId);
  const setState = useSetAutomationState(listId);
  const remove = useDeleteAutomation(listId);
  const [deleting, setDeleting] = useState(false);
  const failed = (err: unknown) => notify({ color: 'red', message: describeError(err) });
  const current = automation.data;
  const title = id === undefined ? t`New automation` : (current?.name ?? t`Automation`);

  return (
    <>
      <PageHeader
        title={title}
        description={t`Steps run top to bottom for each subscriber; waits hold them, conditions branch.`}
        above={
          <Breadcrumbs
            items={[
              { label: list.data?.name ?? t`List`, to: `/lists/${listId}` },
              { label: t`Automations`, to: `/lists/${listId}/automations` },
            ]}
          />
        }
        actions={
          current && (
            <Group gap="xs">
              <Badge color={stateColor[current.state]} variant="light" size="lg">
                {current.state}
              </Badge>
              {canManage && (
                <>
                  <Button
                    loading={setState.isPending}
                    variant={current.state === 'active' ? 'default' : 'filled'}
                    onClick={() =>
                      setState.mutate(
                        {
                          id: current.id,
                          action: current.state === 'active' ? 'pause' : 'activate',
                        },
                        { onError: failed },
                      )
                    }
                  >
                    {current.state === 'active' ? t`Pause` : t`Activate`}
                  </Button>
                  <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                    <Trans>Delete</Trans>
                  </Button>
                </>
              )}
            </Group>
          )
        }
      />
      {id !== undefined && automation.isPending ? (
        <DetailSkeleton />
      ) : automation.isError ? (
        <ErrorState error={automation.error} onRetry={() => void automation.refetch()} />
      ) : (
        <Stack gap="xl">
          <AutomationBuilder
            key={current ? `${current.id}:${current.update_datetime}` : 'new'}
            listId={listId}
            automation={current}
            canManage={canManage}
            onSubmit={async (body) => {
              if (current) {
                await update.mutateAsync({ id: current.id, body });
                notifySuccess(t`Automation saved.`);
              } else {
                const saved = await create.mutateAsync(body);
                const name = saved.name;
                notifySuccess(t`Automation “${name}” created as a draft.`);
                void navigate(`/lists/${listId}/automations/${saved.id}`, { replace: true });
              }
            }}
          />
          {current && <RunsTable listId={listId} id={current.id} />}
        </Stack>
      )}
      <ConfirmDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t`Delete automation`}
        confirmLabel={t`Delete`}
        danger
        loading={remove.isPending}
        onConfirm={() =>
          current &&
          remove.mutate(current.id, {
            onSuccess: () => void navigate(`/lists/${listId}/automations`, { replace: true }),
            onError: failed,
          })
        }
      >
        <Trans>Its runs end and nothing more is sent. Statistics of mail already sent stay.</Trans>
      </ConfirmDialog>
    </>
  );
}
