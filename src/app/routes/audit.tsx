import { useLingui } from '@lingui/react/macro';
import { type LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { AuditScreen } from '../../features/audit/components/audit-screen';
import { auditQueries, auditQueryOf } from '../../features/audit/queries';
import { prefetch } from '../query-client';

export const loader = ({ request }: LoaderFunctionArgs) =>
  prefetch(auditQueries.page(auditQueryOf(new URL(request.url).searchParams)));

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Audit log`}
        description={t`Every write through the API: who, what, which resource, when and from where.`}
      />
      <AuditScreen />
    </>
  );
}
