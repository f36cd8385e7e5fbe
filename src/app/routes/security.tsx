import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { SessionsPanel } from '../../features/security/components/sessions-panel';
import { TwoFactorPanel } from '../../features/security/components/two-factor-panel';
import { securityQueries } from '../../features/security/queries';
import { prefetch } from '../query-client';

export const loader = () => {
  prefetch(securityQueries.twoFactor());
  return prefetch(securityQueries.sessions());
};

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Security`}
        description={t`Your two-factor sign-in and where you are signed in.`}
      />
      <Stack gap="xl">
        <TwoFactorPanel />
        <SessionsPanel />
      </Stack>
    </>
  );
}
