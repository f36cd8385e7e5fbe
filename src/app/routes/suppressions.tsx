import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { suppressionQueries } from '../../features/suppressions/queries';
import { SuppressionsScreen } from '../../features/suppressions/components/suppressions-screen';
import { prefetch } from '../query-client';

export const loader = ({ request }: { request: Request }) => {
  const params = new URL(request.url).searchParams;
  return prefetch(
    suppressionQueries.page({
      search: params.get('search') ?? '',
      page: Number(params.get('page')) || 1,
    }),
  );
};

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Suppression list`}
        description={t`Addresses and domains never mailed again, whatever list they are on: complaints, hard bounces, erased people and entries added by hand.`}
      />
      <SuppressionsScreen />
    </>
  );
}
