import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { RolesScreen } from '../../features/users/components/roles-screen';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Roles`}
        description={t`Named sets of permissions. Built-in roles are read-only: copy one to change it.`}
      />
      <RolesScreen />
    </>
  );
}
