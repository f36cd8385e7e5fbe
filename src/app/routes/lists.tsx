import { Trans, useLingui } from '@lingui/react/macro';
import { useCan } from '../../components/use-can';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { PageHeader } from '../../components/page-header';
import { readTableParams } from '../../components/table-params';
import { ListsTable } from '../../features/lists/components/lists-table';
import { listQueries } from '../../api/shared-queries';
import { listPageQuery, listTableDefaults } from '../../features/lists/queries';
import { prefetch } from '../query-client';

export const loader = ({ request }: LoaderFunctionArgs) =>
  prefetch(
    listQueries.page(
      listPageQuery(readTableParams(new URL(request.url).searchParams, listTableDefaults)),
    ),
  );

export function Component() {
  const { t } = useLingui();
  const canCreate = useCan('lists:manage');
  return (
    <>
      <PageHeader
        title={t`Lists`}
        description={t`Subscriber lists and the defaults of their mailings.`}
        actions={
          canCreate && (
            <Button component={Link} to="/lists/new" leftSection={<IconPlus size={16} />}>
              <Trans>New list</Trans>
            </Button>
          )
        }
      />
      <ListsTable />
    </>
  );
}
