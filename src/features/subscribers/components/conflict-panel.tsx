import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../components/link';
import type { Subscriber } from '../../../api/subscribers';
import { notifyError, notifySuccess } from '../../../components/notify';
import type { FieldInfo } from '../columns';
import { canReactivate, conflictRows, patchFromChoices } from '../conflict';
import type { SubscriberBody } from '../form/form-model';
import { useSubscriberAction, useUpdateSubscriber } from '../queries';
import { stateExplanation, stateWord } from '../states';
import { fieldLabel } from '../columns';
import { ReactivateDialog } from './reactivate-dialog';
import { StateBadge } from './state-badge';

function CaseOnly({ entered, existing }: { entered: string; existing: string }) {
  return (
    <Trans>
      You entered “{entered}”, the list has “{existing}”. Email addresses are compared without
      regard to letter case, so both are the same subscriber.
    </Trans>
  );
}

/**
 * A create or an email change answered 409: the existing subscriber beside what was
 * entered, its state explained, and the ways out — open it, apply chosen changes to it,
 * re-activate it (when it left the list), or go back to the form.
 */
export function ConflictPanel({
  listId,
  fields,
  existing: initialExisting,
  entered,
  mode,
  onCancel,
  onApplied,
}: {
  listId: number;
  fields: readonly FieldInfo[];
  existing: Subscriber;
  entered: SubscriberBody;
  mode: 'create' | 'edit';
  onCancel: () => void;
  onApplied: (saved: Subscriber) => void;
}) {
  const { t } = useLingui();
  const [existing, setExisting] = useState(initialExisting);
  const rows = conflictRows(fields, existing, entered);
  const [chosen, setChosen] = useState(
    () => new Set(rows.filter((r) => r.preselected).map((r) => r.field.name)),
  );
  const [reactivating, setReactivating] = useState(false);
  const update = useUpdateSubscriber(listId);
  const action = useSubscriberAction(listId);
  const emailRow = rows.find((r) => r.field.name === 'email');
  const state = existing.subscription;
  const email = existing.email;
  const word = stateWord(state);
  const toggle = (name: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const count = chosen.size;
  const applyLabel = (field: string) => t`Apply ${field}`;

  const apply = () =>
    update.mutate(
      { id: existing.id, body: patchFromChoices(entered, chosen) },
      {
        onSuccess: (saved) => {
          const savedEmail = saved.email;
          notifySuccess(t`Changes applied to ${savedEmail}.`);
          onApplied(saved);
        },
        onError: (err) => notifyError(err, t`The changes could not be applied`),
      },
    );

  const reactivate = (confirm: boolean) =>
    action.mutate(
      {
        subscriber: existing,
        action: { kind: 'activate', ...(confirm ? { confirm: true } : {}) },
      },
      {
        onSuccess: (status) => {
          setReactivating(false);
          setExisting((s) => ({ ...s, subscription: status }));
          const now = stateWord(status);
          notifySuccess(t`${email} is ${now} again.`);
        },
        onError: (err) => notifyError(err, t`${email} could not be re-activated`),
      },
    );

  return (
    <Paper withBorder p="md" role="region" aria-label={t`Email already in the list`}>
      <Stack>
        <Title order={2} size="h3">
          {mode === 'create'
            ? t`This email is already in the list`
            : t`Another subscriber of this list has this email`}
        </Title>
        <Group gap="xs">
          <Text size="sm">
            <Trans>
              {email} is <strong>{word}</strong>:
            </Trans>
          </Text>
          <StateBadge state={state} />
        </Group>
        <Text size="sm" c="dimmed" data-testid="state-explanation">
          {stateExplanation(state)}
        </Text>
        {emailRow?.caseOnly && (
          <Alert color="blue" title={t`Only the letter case differs`}>
            <CaseOnly entered={emailRow.entered} existing={emailRow.existing} />
          </Alert>
        )}
        <Table aria-label={t`Existing subscriber and what you entered`} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Field</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Existing subscriber</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>You entered</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Apply</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.field.name} c={r.differs ? undefined : 'dimmed'}>
                <Table.Td>{fieldLabel(r.field)}</Table.Td>
                <Table.Td>{r.existing || '—'}</Table.Td>
                <Table.Td>{r.entered || '—'}</Table.Td>
                <Table.Td>
                  {r.differs ? (
                    <Checkbox
                      aria-label={applyLabel(fieldLabel(r.field))}
                      checked={chosen.has(r.field.name)}
                      onChange={() => toggle(r.field.name)}
                    />
                  ) : (
                    <Text size="xs">
                      <Trans>same</Trans>
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button
            component={Link}
            to={`/lists/${listId}/subscribers/${existing.id}`}
            variant="default"
          >
            <Trans>Open the existing subscriber</Trans>
          </Button>
          <Button onClick={apply} disabled={chosen.size === 0} loading={update.isPending}>
            <Trans>Apply my changes to it ({count})</Trans>
          </Button>
          {canReactivate(state) && (
            <Button variant="light" color="teal" onClick={() => setReactivating(true)}>
              <Trans>Re-activate it</Trans>
            </Button>
          )}
          <Button variant="subtle" color="gray" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
      {reactivating && (
        <ReactivateDialog
          subscriber={existing}
          opened
          onClose={() => setReactivating(false)}
          onConfirm={reactivate}
          loading={action.isPending}
        />
      )}
    </Paper>
  );
}
