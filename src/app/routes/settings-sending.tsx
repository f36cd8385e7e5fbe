import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { SendingSettingsView } from '../../features/settings/components/sending-settings';
import { settingsQueries } from '../../features/settings/queries';
import { prefetch } from '../query-client';

export const loader = () => prefetch(settingsQueries.sending());

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Sending setup`}
        description={t`Whether receivers can trust this deployment's mail, and the DNS records to publish.`}
      />
      <SendingSettingsView />
    </>
  );
}
