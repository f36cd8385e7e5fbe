import { Alert, Anchor, Button, Group, Modal, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formBlockReasons, type Form, type FormBlockReason } from '../../../../contract/forms';
import { describeError } from '../../../api/errors';
import { listQueries } from '../../../api/shared-queries';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notify } from '../../../components/notify';
import { EmptyState, LinesSkeleton } from '../../../components/states';
import { formatCount } from '../../../lib/format';
import { formQueries, useCreateForm, useDeleteForm, useUpdateForm } from '../queries';
import { FormEditor } from './form-editor';
import { SnippetPanel } from './snippet-panel';

type Editing = { kind: 'new' } | { kind: 'edit'; form: Form } | null;

const blockedTotal = (form: Form) =>
  formBlockReasons.reduce((sum, reason) => sum + form.stats.blocked[reason], 0);
const reasonLabels: Record<FormBlockReason, MessageDescriptor> = {
  honeypot: msg`honeypot`,
  too_fast: msg`too fast`,
  proof: msg`proof`,
  ip_budget: msg`ip budget`,
  address_budget: msg`address budget`,
  invalid: msg`invalid`,
};
// Run while rendering: the active locale's words and numbers.
const blockedDetail = (form: Form) =>
  formBlockReasons
    .filter((r) => form.stats.blocked[r] > 0)
    .map((r) => `${i18n._(reasonLabels[r])} ${formatCount(form.stats.blocked[r])}`)
    .join(', ');

/** The sign-up forms offering a list: stats of the last 30 days, the snippet, edit, delete. */
export function FormsScreen({ listId }: { listId: number }) {
  const { t } = useLingui();
  const forms = useQuery(formQueries.list());
  const lists = useQuery(listQueries.everyList());
  const [editing, setEditing] = useState<Editing>(null);
  const [snippetOf, setSnippetOf] = useState<Form | null>(null);
  const [deleting, setDeleting] = useState<Form | null>(null);
  const create = useCreateForm();
  const update = useUpdateForm();
  const remove = useDeleteForm();
  if (forms.isPending) return <LinesSkeleton />;
  if (forms.isError) return <Alert color="red">{describeError(forms.error)}</Alert>;
  if (!forms.data.supported)
    return (
      <Alert color="blue" role="status" title={t`Not available`}>
        <Trans>This server does not offer sign-up forms.</Trans>
      </Alert>
    );
  const rows = forms.data.data.results.filter((f) => f.lists.includes(listId));
  const names = Object.fromEntries((lists.data ?? []).map((l) => [l.id, l.name]));
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
          <Trans>New form</Trans>
        </Button>
      </Group>
      {rows.length === 0 ? (
        <EmptyState title={t`No sign-up forms yet`}>
          <Trans>
            A form lets people subscribe from your website, with double opt-in and no captcha.
          </Trans>
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={t`Sign-up forms`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Name</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Submitted</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Accepted</Trans>
                </Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  <Trans>Confirmed</Trans>
                </Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  <Trans>Blocked</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Actions</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((f) => {
                const name = f.name;
                return (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      <Anchor href={`/f/${f.id}`} target="_blank" rel="noopener">
                        {f.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(f.stats.submitted)}</Table.Td>
                    <Table.Td ta="right">{formatCount(f.stats.accepted)}</Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">
                      {formatCount(f.stats.confirmed)}
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm" title={blockedDetail(f)}>
                      {formatCount(blockedTotal(f))}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="compact-sm" variant="default" onClick={() => setSnippetOf(f)}>
                          <Trans>Snippet</Trans>
                          <VisuallyHidden>{` ${t`of ${name}`}`}</VisuallyHidden>
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t`Edit ${name}`}
                          onClick={() => setEditing({ kind: 'edit', form: f })}
                        >
                          <Trans>Edit</Trans>
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          color="red"
                          aria-label={t`Delete ${name}`}
                          onClick={() => setDeleting(f)}
                        >
                          <Trans>Delete</Trans>
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? t`Edit form` : t`New form`}
        size="lg"
      >
        {editing && (
          <FormEditor
            initial={
              editing.kind === 'edit'
                ? {
                    name: editing.form.name,
                    lists: editing.form.lists,
                    fields: editing.form.fields,
                    language: editing.form.language,
                    redirect_url: editing.form.redirect_url,
                  }
                : { name: '', lists: [listId], fields: [], language: null, redirect_url: null }
            }
            submitLabel={editing.kind === 'edit' ? t`Save` : t`Create form`}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              if (editing.kind === 'edit') await update.mutateAsync({ id: editing.form.id, body });
              else setSnippetOf(await create.mutateAsync(body));
              setEditing(null);
              notify({ message: editing.kind === 'edit' ? t`Form saved.` : t`Form created.` });
            }}
          />
        )}
      </Modal>
      <Modal
        opened={snippetOf !== null}
        onClose={() => setSnippetOf(null)}
        title={t`Embed the form`}
        size="xl"
      >
        {snippetOf && <SnippetPanel form={snippetOf} listNames={names} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t`Delete form`}
        confirmLabel={t`Delete form`}
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notify({ message: t`Form deleted.` });
            },
            onError: (err) => notify({ color: 'red', message: describeError(err) }),
          });
        }}
      >
        <Trans>
          Pages with its snippet will stop subscribing anyone. Its stats are deleted with it.
        </Trans>
      </ConfirmDialog>
    </Stack>
  );
}
