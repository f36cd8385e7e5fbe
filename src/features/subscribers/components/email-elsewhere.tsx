import { Anchor, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/states';
import { subscriberQueries } from '../queries';
import { stateLabels } from '../states';
import type { StateTab } from '../view-params';

/**
 * An email lookup found nothing in this tab: say where the address is (another state,
 * deleted — which the unfiltered collection leaves out), or offer to add it.
 */
export function EmailElsewhere({
  listId,
  email,
  tab,
  onShowTab,
  basePath,
}: {
  listId: number;
  email: string;
  tab: StateTab;
  onShowTab: (tab: StateTab) => void;
  basePath: string;
}) {
  const anyState = useQuery(subscriberQueries.page(listId, { email, page_size: 1 }));
  const deleted = useQuery({
    ...subscriberQueries.page(listId, { email, subscription: 'deleted', page_size: 1 }),
    enabled: tab !== 'deleted' && anyState.data?.count === 0,
  });
  const found = anyState.data?.results[0] ?? deleted.data?.results[0];
  if (found && found.subscription !== tab)
    return (
      <EmptyState title={`Not in this tab`}>
        {found.email} is {stateLabels[found.subscription].toLowerCase()}.{' '}
        <Button variant="light" size="xs" ml="xs" onClick={() => onShowTab(found.subscription)}>
          Show in “{stateLabels[found.subscription]}”
        </Button>
      </EmptyState>
    );
  const checking = anyState.isPending || (deleted.isFetching && !deleted.data);
  return (
    <EmptyState title="No subscriber with this email">
      {checking ? (
        'Looking in the other states…'
      ) : (
        <Text span size="sm">
          No subscriber of this list has the address {email}.{' '}
          <Anchor component={Link} to={`${basePath}/new?email=${encodeURIComponent(email)}`}>
            Add it as a subscriber
          </Anchor>
        </Text>
      )}
    </EmptyState>
  );
}
