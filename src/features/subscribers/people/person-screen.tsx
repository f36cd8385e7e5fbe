import { formatDate, formatDateTime } from '../../../lib/format';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconMailOff, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from '../../../components/link';
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
const lists = (n: number) => plural(n, { one: '# list', other: '# lists' });

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
  const { t } = useLingui();
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
      <EmptyState title={t`Not available`}>
        <Trans>The API this dashboard talks to cannot look up a person across lists.</Trans>
      </EmptyState>
    );
  const subscriptions = result?.data.results ?? [];
  const subscribed = subscriptions.filter((s) => s.subscription !== 'unsubscribed');
  const allLists = lists(subscriptions.length);
  const subscribedLists = lists(subscribed.length);
  const subscribedNames = subscribed.map((s) => s.list.name).join(', ');
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
        description={result ? t`Subscribed to ${allLists}` : t`Loading…`}
        above={<Breadcrumbs items={[{ label: t`People`, to: '/people' }]} />}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconMailOff size={16} />}
              disabled={subscribed.length === 0 || change.isPending}
              onClick={() => setEverywhere('unsubscribe')}
            >
              <Trans>Unsubscribe from every list</Trans>
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={subscriptions.length === 0 || change.isPending}
              onClick={() => setEverywhere('delete')}
            >
              <Trans>Delete everywhere</Trans>
            </Button>
            {/* Also with no subscription shown: deleted ones are still held. */}
            {result && moreActions?.(subscriptions)}
          </>
        }
      />
      {result && subscriptions.length === 0 ? (
        <EmptyState title={t`In no list`}>
          <Trans>No list has a subscriber with this address.</Trans>
        </EmptyState>
      ) : (
        <PlainTable minWidth={640} aria-label={t`Subscriptions`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>List</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Subscribed</Trans>
              </th>
              <th scope="col">
                <Trans>Last change</Trans>
              </th>
              <th scope="col">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((s) => {
              const listName = s.list.name;
              return (
                <tr key={s.id}>
                  <td>
                    <Anchor component={Link} to={`/lists/${s.list.id}/subscribers/${s.id}`}>
                      {s.list.name}
                    </Anchor>
                  </td>
                  <td>
                    <StateBadge state={s.subscription} />
                  </td>
                  <td>{formatDate(s.create_datetime)}</td>
                  <td>{formatDateTime(s.update_datetime)}</td>
                  <td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        disabled={s.subscription === 'active' || change.isPending}
                        aria-label={t`Activate in ${listName}`}
                        onClick={() => run([s], 'activate', t`Activated in ${listName}.`)}
                      >
                        <Trans>Activate</Trans>
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={s.subscription === 'unsubscribed' || change.isPending}
                        aria-label={t`Unsubscribe from ${listName}`}
                        onClick={() => run([s], 'unsubscribe', t`Unsubscribed from ${listName}.`)}
                      >
                        <Trans>Unsubscribe</Trans>
                      </Button>
                    </Group>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </PlainTable>
      )}
      <ConfirmDialog
        opened={everywhere === 'unsubscribe'}
        onClose={() => setEverywhere(null)}
        title={t`Unsubscribe from every list`}
        confirmLabel={t`Unsubscribe from ${subscribedLists}`}
        danger={false}
        loading={change.isPending}
        onConfirm={() =>
          run(subscribed, 'unsubscribe', t`${email} unsubscribed from ${subscribedLists}.`)
        }
      >
        <Text size="sm">
          <Trans>
            {email} will be unsubscribed from {subscribedLists}: {subscribedNames}.
          </Trans>
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={everywhere === 'delete'}
        onClose={() => setEverywhere(null)}
        title={t`Delete everywhere`}
        confirmLabel={t`Delete from ${allLists}`}
        loading={change.isPending}
        onConfirm={() => run(subscriptions, 'delete', t`${email} deleted from ${allLists}.`)}
      >
        <Text size="sm">
          <Trans>
            {email} will be deleted from {allLists}. The records stay (with their history) in each
            list's “Deleted” tab, as the API's delete does; they are not erased.
          </Trans>
        </Text>
      </ConfirmDialog>
    </>
  );
}
