import { useLingui } from '@lingui/react/macro';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { useQuery } from '@tanstack/react-query';
import { data, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ImportOutcome } from '../../features/imports/components/import-outcome';
import { listQueries } from '../../api/shared-queries';
import { useListId } from './list-id';

function useImportId(): number {
  const { importId } = useParams();
  if (!/^\d+$/.test(importId ?? '') || !Number.isSafeInteger(Number(importId)))
    throw data('Not found', { status: 404 });
  return Number(importId);
}

export function Component() {
  const { t } = useLingui();
  const listId = useListId();
  const importId = useImportId();
  const list = useQuery(listQueries.detail(listId));
  return (
    <>
      <PageHeader
        title={t`Import #${importId}`}
        above={
          <Breadcrumbs
            items={[
              { label: t`Lists`, to: '/lists' },
              { label: list.data?.name ?? t`List id ${listId}`, to: `/lists/${listId}` },
              { label: t`Past imports`, to: `/lists/${listId}/imports` },
            ]}
          />
        }
      />
      <ImportOutcome listId={listId} importId={importId} />
    </>
  );
}
