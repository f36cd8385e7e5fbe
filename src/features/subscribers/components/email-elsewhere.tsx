import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import { EmptyState } from '../../../components/states';
import { subscriberQueries } from '../queries';
import { stateLabel, stateWord, type SubscriptionState } from '../states';
import type { StateTab } from '../view-params';

function FoundIn({ email, state }: { email: string; state: SubscriptionState }) {
  const word = stateWord(state);
  return (
    <Trans>
      {email} is {word}.
    </Trans>
  );
}

function ShowIn({ state }: { state: SubscriptionState }) {
  const name = stateLabel(state);
  return <Trans>Show in “{name}”</Trans>;
}

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
  const { t } = useLingui();
  const anyState = useQuery(subscriberQueries.page(listId, { email, page_size: 1 }));
  const deleted = useQuery({
    ...subscriberQueries.page(listId, { email, subscription: 'deleted', page_size: 1 }),
    enabled: tab !== 'deleted' && anyState.data?.count === 0,
  });
  const found = anyState.data?.results[0] ?? deleted.data?.results[0];
  if (found && found.subscription !== tab)
    return (
      <EmptyState title={t`Not in this tab`}>
        <FoundIn email={found.email} state={found.subscription} />{' '}
        <Button variant="light" size="xs" ml="xs" onClick={() => onShowTab(found.subscription)}>
          <ShowIn state={found.subscription} />
        </Button>
      </EmptyState>
    );
  const checking = anyState.isPending || (deleted.isFetching && !deleted.data);
  return (
    <EmptyState title={t`No subscriber with this email`}>
      {checking ? (
        t`Looking in the other states…`
      ) : (
        <Text span size="sm">
          <Trans>
            No subscriber of this list has the address {email}.{' '}
            <Anchor component={Link} to={`${basePath}/new?email=${encodeURIComponent(email)}`}>
              Add it as a subscriber
            </Anchor>
          </Trans>
        </Text>
      )}
    </EmptyState>
  );
}
