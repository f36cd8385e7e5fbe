import { useLingui } from '@lingui/react/macro';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { PageHeader } from '../../components/page-header';
import { ListCreate } from '../../features/lists/components/list-create';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`New list`}
        above={<Breadcrumbs items={[{ label: t`Lists`, to: '/lists' }]} />}
      />
      <ListCreate />
    </>
  );
}
