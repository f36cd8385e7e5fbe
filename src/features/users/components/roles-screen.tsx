import { Badge, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PERMISSIONS, type Permission } from '../../../../contract/permissions';
import { fieldErrors, isApiError } from '../../../api/errors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { useCreateRole, useDeleteRole, userQueries } from '../queries';

/** Roles: the built-ins (read-only) and custom ones, made as edited copies. */
export function RolesScreen() {
  const roles = useQuery(userQueries.roles());
  const remove = useDeleteRole();
  const [copyOf, setCopyOf] = useState<{ name: string; permissions: string[] } | null>(null);
  if (roles.isPending) return <LinesSkeleton lines={4} label="Loading roles" />;
  if (roles.error) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  return (
    <Stack gap="md">
      {copyOf && <RoleForm initial={copyOf} onDone={() => setCopyOf(null)} />}
      {roles.data.map((role) => (
        <Card withBorder key={role.name} component="section" aria-label={`Role ${role.name}`}>
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {role.name} {role.built_in && <Badge variant="light">built-in</Badge>}
            </Title>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  setCopyOf({ name: `${role.name}-copy`, permissions: role.permissions })
                }
              >
                Copy
              </Button>
              {!role.built_in && (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() =>
                    remove.mutate(role.name, {
                      onSuccess: () => notifySuccess(`Role ${role.name} deleted.`),
                      onError: (err) => notifyError(err, `Role ${role.name} was not deleted`),
                    })
                  }
                >
                  Delete
                </Button>
              )}
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            {role.permissions.join(', ') || 'No permissions'}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function RoleForm({
  initial,
  onDone,
}: {
  initial: { name: string; permissions: string[] };
  onDone: () => void;
}) {
  const create = useCreateRole();
  const [name, setName] = useState(initial.name);
  const [chosen, setChosen] = useState<string[]>(initial.permissions);
  const errors = isApiError(create.error, 400) ? fieldErrors(create.error) : {};
  return (
    <Card withBorder>
      <form
        aria-label="New role"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name, permissions: chosen as Permission[] },
            {
              onSuccess: () => {
                notifySuccess(`Role ${name} created.`);
                onDone();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name?.join(' ')}
          />
          <Checkbox.Group label="Permissions" value={chosen} onChange={setChosen}>
            <Group gap="sm" mt="xs">
              {PERMISSIONS.map((p) => (
                <Checkbox key={p} value={p} label={p} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create role
            </Button>
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
