import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { ImportWizard } from '../../features/imports/components/import-wizard';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Import subscribers`}
        description={t`Bring subscribers into a list from a CSV file: check every row before the upload.`}
      />
      <ImportWizard />
    </>
  );
}
