import { Anchor, Badge, Button, Group, Select, Switch, Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
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
  const update = useUpdateUser();
  const reset = useCreatePasswordReset();
  const [editingLists, setEditingLists] = useState<User | null>(null);
  const [resetLink, setResetLink] = useState<PassOnLink | null>(null);
  const resetPassword = (user: User) =>
    reset.mutate(user.id, {
      onSuccess: ({ password_reset_url: url }) =>
        setResetLink({ kind: 'reset', username: user.username, url }),
      onError: (err) => notifyError(err, `No reset link for ${user.username}`),
    });
  const change = (user: User, body: { role?: string; active?: boolean }, done: string) =>
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => notifySuccess(done),
        onError: (err) => notifyError(err, `${user.username} was not changed`),
      },
    );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Lists</Table.Th>
            <Table.Th>Active</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.username}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Role of ${user.username}`}
                  data={roles}
                  value={user.role}
                  allowDeselect={false}
                  onChange={(role) =>
                    role && change(user, { role }, `${user.username} is now ${role}.`)
                  }
                />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {user.lists === null ? (
                    <Badge variant="light">All lists</Badge>
                  ) : (
                    `${user.lists.length} list${user.lists.length === 1 ? '' : 's'}`
                  )}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Lists of ${user.username}`}
                    onClick={() => setEditingLists(user)}
                  >
                    Change
                  </Button>
                </Group>
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`${user.username} is active`}
                  checked={user.active}
                  onChange={(e) =>
                    change(
                      user,
                      { active: e.currentTarget.checked },
                      e.currentTarget.checked
                        ? `${user.username} is active again.`
                        : `${user.username} is deactivated; their sessions have ended.`,
                    )
                  }
                />
              </Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={`/tokens?user=${user.id}`}
                    aria-label={`Tokens of ${user.username}`}
                  >
                    Tokens
                  </Anchor>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Reset password of ${user.username}`}
                    loading={reset.isPending && reset.variables === user.id}
                    onClick={() => resetPassword(user)}
                  >
                    Reset password
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editingLists && (
        <ListAccessDialog user={editingLists} onClose={() => setEditingLists(null)} />
      )}
      <PassOnLinkDialog link={resetLink} onClose={() => setResetLink(null)} />
    </Table.ScrollContainer>
  );
}
