import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { webhookQueries } from '../../features/webhooks/queries';
import { WebhooksScreen } from '../../features/webhooks/components/webhooks-screen';
import { prefetch } from '../query-client';

export const loader = () => prefetch(webhookQueries.list());

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Webhooks`}
        description={t`Signed HTTP calls (Standard Webhooks) to your endpoints when subscribers, imports, deliveries and messages change.`}
      />
      <WebhooksScreen />
    </>
  );
}
