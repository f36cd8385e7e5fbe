import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/link';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../components/use-can';
import { listQueries } from '../../api/shared-queries';
import { AutomationsTable } from '../../features/automations/components/automations-table';
import { useListId } from './list-id';

export function Component() {
  const { t } = useLingui();
  const listId = useListId();
  const list = useQuery(listQueries.detail(listId));
  const canManage = useCan('automations:manage', listId);
  return (
    <>
      <PageHeader
        title={t`Automations`}
        description={t`Welcome mails and sequences that run once per subscriber.`}
        above={
          <Breadcrumbs
            items={[
              { label: t`Lists`, to: '/lists' },
              { label: list.data?.name ?? t`List`, to: `/lists/${listId}` },
            ]}
          />
        }
        actions={
          canManage && (
            <Button
              component={Link}
              to={`/lists/${listId}/automations/new`}
              leftSection={<IconPlus size={16} />}
            >
              <Trans>New automation</Trans>
            </Button>
          )
        }
      />
      <AutomationsTable listId={listId} />
    </>
  );
}
