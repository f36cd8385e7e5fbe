import { formatBucketDay } from '../format';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, List, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { growthQueries } from '../queries';

/** The people behind one day's unsubscribes of a list, from the subscribers' history. */
export function UnsubscribesDialog({
  listId,
  listName,
  day,
  onClose,
}: {
  listId: number;
  listName: string;
  day: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { data, error, isPending } = useQuery(growthQueries.unsubscribes(listId, day));
  const shownDay = formatBucketDay(day);
  return (
    <Modal opened onClose={onClose} title={t`Unsubscribed from ${listName} on ${shownDay}`}>
      {isPending ? (
        <LinesSkeleton lines={3} />
      ) : error ? (
        <ErrorState error={error} />
      ) : data.length === 0 ? (
        <Text size="sm">
          <Trans>Nobody.</Trans>
        </Text>
      ) : (
        <List size="sm" spacing={4} aria-label={t`People who unsubscribed`}>
          {data.map((p) => (
            <List.Item key={`${p.subscriber}-${p.datetime}`}>
              <Anchor component={Link} to={`/lists/${listId}/subscribers/${p.subscriber}`}>
                {p.email}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {formatDateTime(p.datetime)}
                {p.via ? ` · ${p.via}` : ''}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}
