import { PageHeader } from '../../components/page-header';
import { ImportWizard } from '../../features/imports/components/import-wizard';

export function Component() {
  return (
    <>
      <PageHeader
        title="Import subscribers"
        description="Bring subscribers into a list from a CSV file: check every row before the upload."
      />
      <ImportWizard />
    </>
  );
}
