import { Trans, useLingui } from '@lingui/react/macro';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/link';
import { PageHeader } from '../../components/page-header';
import { listQueries } from '../../api/shared-queries';
import { SegmentsTable } from '../../features/segments/components/segments-table';
import { useListId } from './list-id';

export function Component() {
  const { t } = useLingui();
  const listId = useListId();
  const list = useQuery(listQueries.detail(listId));
  return (
    <>
      <PageHeader
        title={t`Segments`}
        description={t`Named groups of this list's subscribers; mailings can go to them.`}
        above={
          <Breadcrumbs
            items={[
              { label: t`Lists`, to: '/lists' },
              { label: list.data?.name ?? t`List`, to: `/lists/${listId}` },
            ]}
          />
        }
        actions={
          <Button
            component={Link}
            to={`/lists/${listId}/segments/new`}
            leftSection={<IconPlus size={16} />}
          >
            <Trans>New segment</Trans>
          </Button>
        }
      />
      <SegmentsTable listId={listId} />
    </>
  );
}
