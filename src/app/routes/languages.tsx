import { PageHeader } from '../../components/page-header';
import { LanguagesTable } from '../../features/regions/components/languages-table';
import { ReferenceTabs } from '../../features/regions/components/reference-tabs';

export function Component() {
  return (
    <>
      <PageHeader
        title="Regions & languages"
        description="Reference data the API accepts in subscriber fields."
      />
      <ReferenceTabs active="languages" />
      <LanguagesTable />
    </>
  );
}
