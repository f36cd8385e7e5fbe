import { Trans, useLingui } from '@lingui/react/macro';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/link';
import { PageHeader } from '../../components/page-header';
import { ImportHistory } from '../../features/imports/components/import-history';
import { listQueries } from '../../api/shared-queries';
import { useListId } from './list-id';

export function Component() {
  const { t } = useLingui();
  const listId = useListId();
  const list = useQuery(listQueries.detail(listId));
  const name = list.data?.name;
  return (
    <>
      <PageHeader
        title={t`Past imports`}
        description={name !== undefined ? t`CSV imports into ${name}, newest first.` : undefined}
        above={
          <Breadcrumbs
            items={[
              { label: t`Lists`, to: '/lists' },
              { label: list.data?.name ?? t`List id ${listId}`, to: `/lists/${listId}` },
            ]}
          />
        }
        actions={
          <Button
            component={Link}
            to={`/import?list=${listId}`}
            leftSection={<IconFileImport size={16} />}
          >
            <Trans>Import a file</Trans>
          </Button>
        }
      />
      <ImportHistory listId={listId} />
    </>
  );
}
