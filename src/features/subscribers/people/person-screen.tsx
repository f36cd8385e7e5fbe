import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconMailOff, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  activateSubscriber,
  deleteSubscriber,
  unsubscribeSubscriber,
  type PersonSubscription,
} from '../../../api/subscribers';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/page-header';
import { PlainTable } from '../../../components/plain-table';
import { EmptyState, ErrorState } from '../../../components/states';
import { StateBadge } from '../components/state-badge';
import { peopleQueries } from './people-queries';

type Change = 'activate' | 'unsubscribe' | 'delete';
const perform = (s: PersonSubscription, change: Change) =>
  change === 'activate'
    ? activateSubscriber(s.list.id, s.id)
    : change === 'unsubscribe'
      ? unsubscribeSubscriber(s.list.id, s.id)
      : deleteSubscriber(s.list.id, s.id);
const lists = (n: number) => (n === 1 ? '1 list' : `${n} lists`);

type Props = {
  email: string;
  /** More actions beside the header's, given the subscriptions shown (composed in src/app). */
  moreActions?: (subscriptions: PersonSubscription[]) => ReactNode;
};

/**
 * One address in every list: its state and dates there, per-list activate and unsubscribe,
 * and unsubscribe or delete (the API's soft delete) everywhere in one step.
 */
export function PersonScreen({ email, moreActions }: Props) {
  const queryClient = useQueryClient();
  const query = useQuery(peopleQueries.person(email));
  const [everywhere, setEverywhere] = useState<'unsubscribe' | 'delete' | null>(null);
  const change = useMutation({
    mutationFn: async ({ targets, kind }: { targets: PersonSubscription[]; kind: Change }) => {
      for (const target of targets) await perform(target, kind);
    },
    // Lists' counts, their subscriber tables and this page all change.
    onSettled: () => queryClient.invalidateQueries(),
  });
  const result = query.data;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (result && !result.supported)
    return (
      <EmptyState title="Not available">
        The API this dashboard talks to cannot look up a person across lists.
      </EmptyState>
    );
  const subscriptions = result?.data.results ?? [];
  const subscribed = subscriptions.filter((s) => s.subscription !== 'unsubscribed');
  const run = (targets: PersonSubscription[], kind: Change, done: string) =>
    change.mutate(
      { targets, kind },
      {
        onSuccess: () => {
          notifySuccess(done);
          setEverywhere(null);
        },
        onError: (error) => notifyError(error),
      },
    );
  return (
    <>
      <PageHeader
        title={email}
        description={result ? `Subscribed to ${lists(subscriptions.length)}` : 'Loading…'}
        above={<Breadcrumbs items={[{ label: 'People', to: '/people' }]} />}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconMailOff size={16} />}
              disabled={subscribed.length === 0 || change.isPending}
              onClick={() => setEverywhere('unsubscribe')}
            >
              Unsubscribe from every list
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={subscriptions.length === 0 || change.isPending}
              onClick={() => setEverywhere('delete')}
            >
              Delete everywhere
            </Button>
            {/* Also with no subscription shown: deleted ones are still held. */}
            {result && moreActions?.(subscriptions)}
          </>
        }
      />
      {result && subscriptions.length === 0 ? (
        <EmptyState title="In no list">No list has a subscriber with this address.</EmptyState>
      ) : (
        <PlainTable minWidth={640} aria-label="Subscriptions">
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">State</th>
              <th scope="col">Subscribed</th>
              <th scope="col">Last change</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((s) => (
              <tr key={s.id}>
                <td>
                  <Anchor component={Link} to={`/lists/${s.list.id}/subscribers/${s.id}`}>
                    {s.list.name}
                  </Anchor>
                </td>
                <td>
                  <StateBadge state={s.subscription} />
                </td>
                <td>{new Date(s.create_datetime).toLocaleDateString()}</td>
                <td>{new Date(s.update_datetime).toLocaleString()}</td>
                <td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={s.subscription === 'active' || change.isPending}
                      aria-label={`Activate in ${s.list.name}`}
                      onClick={() => run([s], 'activate', `Activated in ${s.list.name}.`)}
                    >
                      Activate
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={s.subscription === 'unsubscribed' || change.isPending}
                      aria-label={`Unsubscribe from ${s.list.name}`}
                      onClick={() => run([s], 'unsubscribe', `Unsubscribed from ${s.list.name}.`)}
                    >
                      Unsubscribe
                    </Button>
                  </Group>
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
      <ConfirmDialog
        opened={everywhere === 'unsubscribe'}
        onClose={() => setEverywhere(null)}
        title="Unsubscribe from every list"
        confirmLabel={`Unsubscribe from ${lists(subscribed.length)}`}
        danger={false}
        loading={change.isPending}
        onConfirm={() =>
          run(subscribed, 'unsubscribe', `${email} unsubscribed from ${lists(subscribed.length)}.`)
        }
      >
        <Text size="sm">
          {email} will be unsubscribed from {lists(subscribed.length)}:{' '}
          {subscribed.map((s) => s.list.name).join(', ')}.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={everywhere === 'delete'}
        onClose={() => setEverywhere(null)}
        title="Delete everywhere"
        confirmLabel={`Delete from ${lists(subscriptions.length)}`}
        loading={change.isPending}
        onConfirm={() =>
          run(subscriptions, 'delete', `${email} deleted from ${lists(subscriptions.length)}.`)
        }
      >
        <Text size="sm">
          {email} will be deleted from {lists(subscriptions.length)}. The records stay (with their
          history) in each list's “Deleted” tab, as the API's delete does; they are not erased.
        </Text>
      </ConfirmDialog>
    </>
  );
}
