import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Select, Switch, Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../components/link';
import type { User } from '../../../api/users';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useCreatePasswordReset, useUpdateUser } from '../queries';
import { ListAccessDialog } from './list-access-dialog';
import { PassOnLinkDialog, type PassOnLink } from './pass-on-link-dialog';

/**
 * Every user: change the role and the lists, (de)activate (which ends their sessions at once),
 * make a password reset link to pass on (it is mailed to them too).
 */
export function UsersTable({ users, roles }: { users: User[]; roles: string[] }) {
  const { t } = useLingui();
  const update = useUpdateUser();
  const reset = useCreatePasswordReset();
  const [editingLists, setEditingLists] = useState<User | null>(null);
  const [resetLink, setResetLink] = useState<PassOnLink | null>(null);
  const resetPassword = (user: User) => {
    const username = user.username;
    reset.mutate(user.id, {
      onSuccess: ({ password_reset_url: url }) => setResetLink({ kind: 'reset', username, url }),
      onError: (err) => notifyError(err, t`No reset link for ${username}`),
    });
  };
  const change = (user: User, body: { role?: string; active?: boolean }, done: string) => {
    const username = user.username;
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => notifySuccess(done),
        onError: (err) => notifyError(err, t`${username} was not changed`),
      },
    );
  };
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped aria-label={t`Users`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>User</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Role</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Lists</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Active</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const username = user.username;
            const listCount = user.lists?.length ?? 0;
            return (
              <Table.Tr key={user.id}>
                <Table.Td>{user.username}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t`Role of ${username}`}
                    data={roles}
                    value={user.role}
                    allowDeselect={false}
                    onChange={(role) =>
                      role && change(user, { role }, t`${username} is now ${role}.`)
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {user.lists === null ? (
                      <Badge variant="light">
                        <Trans>All lists</Trans>
                      </Badge>
                    ) : (
                      plural(listCount, { one: '# list', other: '# lists' })
                    )}
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={t`Lists of ${username}`}
                      onClick={() => setEditingLists(user)}
                    >
                      <Trans>Change</Trans>
                    </Button>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t`${username} is active`}
                    checked={user.active}
                    onChange={(e) =>
                      change(
                        user,
                        { active: e.currentTarget.checked },
                        e.currentTarget.checked
                          ? t`${username} is active again.`
                          : t`${username} is deactivated; their sessions have ended.`,
                      )
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={`/tokens?user=${user.id}`}
                      aria-label={t`Tokens of ${username}`}
                    >
                      <Trans>Tokens</Trans>
                    </Anchor>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={t`Reset password of ${username}`}
                      loading={reset.isPending && reset.variables === user.id}
                      onClick={() => resetPassword(user)}
                    >
                      <Trans>Reset password</Trans>
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {editingLists && (
        <ListAccessDialog user={editingLists} onClose={() => setEditingLists(null)} />
      )}
      <PassOnLinkDialog link={resetLink} onClose={() => setResetLink(null)} />
    </Table.ScrollContainer>
  );
}
