import { PageHeader } from '../../components/page-header';
import { ApiReference } from '../../features/api-docs/components/api-reference';

export function Component() {
  return (
    <>
      <PageHeader
        title="API reference"
        description="Every endpoint of the service API this dashboard uses, with its parameters."
      />
      <ApiReference />
    </>
  );
}
