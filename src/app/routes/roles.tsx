import { PageHeader } from '../../components/page-header';
import { RolesScreen } from '../../features/users/components/roles-screen';

export function Component() {
  return (
    <>
      <PageHeader
        title="Roles"
        description="Named sets of permissions. Built-in roles are read-only: copy one to change it."
      />
      <RolesScreen />
    </>
  );
}
