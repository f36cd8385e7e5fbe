import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { Link } from '../../components/link';
import { PageHeader } from '../../components/page-header';
import { UsersScreen } from '../../features/users/components/users-screen';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Users`}
        description={t`Who may sign in, with which role. Deactivating a user ends their sessions at once.`}
        actions={
          <Button component={Link} to="/roles" variant="default">
            <Trans>Roles</Trans>
          </Button>
        }
      />
      <UsersScreen />
    </>
  );
}
