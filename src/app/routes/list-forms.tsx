import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { PageHeader } from '../../components/page-header';
import { listQueries } from '../../api/shared-queries';
import { FormsScreen } from '../../features/forms/components/forms-screen';
import { useListId } from './list-id';

export function Component() {
  const { t } = useLingui();
  const listId = useListId();
  const list = useQuery(listQueries.detail(listId));
  return (
    <>
      <PageHeader
        title={t`Sign-up forms`}
        description={t`A hosted page and a snippet for your website; bots are stopped without a captcha.`}
        above={
          <Breadcrumbs
            items={[
              { label: t`Lists`, to: '/lists' },
              { label: list.data?.name ?? t`List`, to: `/lists/${listId}` },
            ]}
          />
        }
      />
      <FormsScreen listId={listId} />
    </>
  );
}
