import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { userQueries } from '../queries';
import { UserCreateForm } from './user-create-form';
import { UsersTable } from './users-table';

/** The Users screen (admins): who may sign in, with which role. */
export function UsersScreen() {
  const { t } = useLingui();
  const users = useQuery(userQueries.list());
  const roles = useQuery(userQueries.roles());
  if (users.isPending || roles.isPending)
    return <LinesSkeleton lines={4} label={t`Loading users`} />;
  if (users.error) return <ErrorState error={users.error} onRetry={() => void users.refetch()} />;
  if (roles.error) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  const names = roles.data.map((r) => r.name);
  return (
    <Stack gap="lg">
      <UserCreateForm roles={names} />
      <UsersTable users={users.data} roles={names} />
    </Stack>
  );
}
