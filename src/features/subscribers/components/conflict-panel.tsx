import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Subscriber } from '../../../api/subscribers';
import { notifyError, notifySuccess } from '../../../components/notify';
import type { FieldInfo } from '../columns';
import { canReactivate, conflictRows, patchFromChoices } from '../conflict';
import type { SubscriberBody } from '../form/form-model';
import { useSubscriberAction, useUpdateSubscriber } from '../queries';
import { stateExplanations, stateLabels } from '../states';
import { ReactivateDialog } from './reactivate-dialog';
import { StateBadge } from './state-badge';

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
  const toggle = (name: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const apply = () =>
    update.mutate(
      { id: existing.id, body: patchFromChoices(entered, chosen) },
      {
        onSuccess: (saved) => {
          notifySuccess(`Changes applied to ${saved.email}.`);
          onApplied(saved);
        },
        onError: (err) => notifyError(err, 'The changes could not be applied'),
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
          notifySuccess(`${existing.email} is ${stateLabels[status].toLowerCase()} again.`);
        },
        onError: (err) => notifyError(err, `${existing.email} could not be re-activated`),
      },
    );

  return (
    <Paper withBorder p="md" role="region" aria-label="Email already in the list">
      <Stack>
        <Title order={2} size="h3">
          {mode === 'create'
            ? 'This email is already in the list'
            : 'Another subscriber of this list has this email'}
        </Title>
        <Group gap="xs">
          <Text size="sm">
            {existing.email} is <strong>{stateLabels[state].toLowerCase()}</strong>:
          </Text>
          <StateBadge state={state} />
        </Group>
        <Text size="sm" c="dimmed" data-testid="state-explanation">
          {stateExplanations[state]}
        </Text>
        {emailRow?.caseOnly && (
          <Alert color="blue" title="Only the letter case differs">
            You entered “{emailRow.entered}”, the list has “{emailRow.existing}”. Email addresses
            are compared without regard to letter case, so both are the same subscriber.
          </Alert>
        )}
        <Table aria-label="Existing subscriber and what you entered" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Existing subscriber</Table.Th>
              <Table.Th>You entered</Table.Th>
              <Table.Th>Apply</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.field.name} c={r.differs ? undefined : 'dimmed'}>
                <Table.Td>{r.field.label}</Table.Td>
                <Table.Td>{r.existing || '—'}</Table.Td>
                <Table.Td>{r.entered || '—'}</Table.Td>
                <Table.Td>
                  {r.differs ? (
                    <Checkbox
                      aria-label={`Apply ${r.field.label}`}
                      checked={chosen.has(r.field.name)}
                      onChange={() => toggle(r.field.name)}
                    />
                  ) : (
                    <Text size="xs">same</Text>
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
            Open the existing subscriber
          </Button>
          <Button onClick={apply} disabled={chosen.size === 0} loading={update.isPending}>
            Apply my changes to it ({chosen.size})
          </Button>
          {canReactivate(state) && (
            <Button variant="light" color="teal" onClick={() => setReactivating(true)}>
              Re-activate it
            </Button>
          )}
          <Button variant="subtle" color="gray" onClick={onCancel}>
            Cancel
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
