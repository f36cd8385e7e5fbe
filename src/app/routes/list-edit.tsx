import { useLingui } from '@lingui/react/macro';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ListEdit } from '../../features/lists/components/list-edit';
import { listQueries } from '../../api/shared-queries';
import { prefetch } from '../query-client';
import { listIdFrom, useListId } from './list-id';

export function loader({ params }: LoaderFunctionArgs) {
  const id = listIdFrom(params);
  return id === undefined ? null : prefetch(listQueries.detail(id));
}

export function Component() {
  const { t } = useLingui();
  const listId = useListId();
  const { data: list } = useQuery(listQueries.detail(listId));
  const name = list?.name;
  return (
    <>
      <PageHeader
        title={name !== undefined ? t`Edit “${name}”` : t`Edit list`}
        above={
          <Breadcrumbs
            items={[
              { label: t`Lists`, to: '/lists' },
              { label: list?.name ?? '…', to: `/lists/${listId}` },
            ]}
          />
        }
      />
      <ListEdit listId={listId} />
    </>
  );
}
