import { useLingui } from '@lingui/react/macro';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { PageHeader } from '../../components/page-header';
import { MailingComposer } from '../../features/mailings/components/composer';
import { mailingQueries } from '../../features/mailings/queries';
import { prefetch } from '../query-client';
import { listQueries } from '../../api/shared-queries';

export const loader = () => {
  prefetch(mailingQueries.campaigns());
  return prefetch(listQueries.everyList());
};

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`New mailing`}
        description={t`One variant per language of the list; check the layouts and the schedule, then create it.`}
        above={<Breadcrumbs items={[{ label: t`Mailings`, to: '/mailings' }]} />}
      />
      <MailingComposer />
    </>
  );
}
