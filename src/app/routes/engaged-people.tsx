import { useLingui } from '@lingui/react/macro';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { useQuery } from '@tanstack/react-query';
import { data, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { listQueries } from '../../api/shared-queries';
import { mailingQueries } from '../../features/mailings/queries';
import {
  EngagedPeople,
  engagementActions,
  engagementFilter,
  type EngagementAction,
} from '../../features/segments/components/engaged-people';
import { useListId } from './list-id';

/** `/lists/:listId/people?mailing=M&action=opened|clicked|bounced[&url=U][&page=N]` */
export function Component() {
  const { t } = useLingui();
  const listId = useListId();
  const [params, setParams] = useSearchParams();
  const mailingId = Number(params.get('mailing'));
  const action = params.get('action') as EngagementAction;
  if (!Number.isSafeInteger(mailingId) || mailingId < 1 || !engagementActions.includes(action))
    throw data('Not found', { status: 404 });
  const url = params.get('url') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(listQueries.detail(listId));
  const mailing = useQuery(mailingQueries.detail(mailingId));
  const mailingName = mailing.data?.supported ? mailing.data.data.name : t`the mailing`;
  const title =
    url !== undefined
      ? t`People who clicked ${url} in “${mailingName}”`
      : action === 'opened'
        ? t`People who opened “${mailingName}”`
        : action === 'clicked'
          ? t`People who clicked “${mailingName}”`
          : t`People who bounced “${mailingName}”`;
  return (
    <>
      <PageHeader
        title={title}
        description={t`Subscribers of the list with a matching record in the mailing's statistics.`}
        above={
          <Breadcrumbs
            items={[
              { label: t`Statistics`, to: '/statistics' },
              { label: list.data?.name ?? t`List`, to: `/lists/${listId}` },
            ]}
          />
        }
      />
      <EngagedPeople
        listId={listId}
        filter={engagementFilter(mailingId, action, url)}
        page={page}
        onPage={(next) =>
          setParams((current) => {
            const out = new URLSearchParams(current);
            out.set('page', String(next));
            return out;
          })
        }
        fileName={`people-who-${action}-mailing-${mailingId}.csv`}
      />
    </>
  );
}
