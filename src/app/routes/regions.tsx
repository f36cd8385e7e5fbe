import { PageHeader } from '../../components/page-header';
import { ReferenceTabs } from '../../features/regions/components/reference-tabs';
import { RegionsTable } from '../../features/regions/components/regions-table';

export function Component() {
  return (
    <>
      <PageHeader
        title="Regions & languages"
        description="Reference data the API accepts in subscriber fields."
      />
      <ReferenceTabs active="regions" />
      <RegionsTable />
    </>
  );
}
