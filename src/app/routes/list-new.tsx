import { Breadcrumbs } from '../../components/breadcrumbs';
import { PageHeader } from '../../components/page-header';
import { ListCreate } from '../../features/lists/components/list-create';

export function Component() {
  return (
    <>
      <PageHeader
        title="New list"
        above={<Breadcrumbs items={[{ label: 'Lists', to: '/lists' }]} />}
      />
      <ListCreate />
    </>
  );
}
