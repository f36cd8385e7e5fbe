import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { ReferenceTabs } from '../../features/regions/components/reference-tabs';
import { RegionsTable } from '../../features/regions/components/regions-table';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Regions & languages`}
        description={t`Reference data the API accepts in subscriber fields.`}
      />
      <ReferenceTabs active="regions" />
      <RegionsTable />
    </>
  );
}
