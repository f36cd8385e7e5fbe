import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { LanguagesTable } from '../../features/regions/components/languages-table';
import { ReferenceTabs } from '../../features/regions/components/reference-tabs';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Regions & languages`}
        description={t`Reference data the API accepts in subscriber fields.`}
      />
      <ReferenceTabs active="languages" />
      <LanguagesTable />
    </>
  );
}
