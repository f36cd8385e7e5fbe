import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { ApiReference } from '../../features/api-docs/components/api-reference';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`API reference`}
        description={t`Every endpoint of the service API this dashboard uses, with its parameters.`}
      />
      <ApiReference />
    </>
  );
}
