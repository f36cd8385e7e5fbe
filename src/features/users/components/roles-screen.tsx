import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const roles = useQuery(userQueries.roles());
  const remove = useDeleteRole();
  const [copyOf, setCopyOf] = useState<{ name: string; permissions: string[] } | null>(null);
  if (roles.isPending) return <LinesSkeleton lines={4} label={t`Loading roles`} />;
  if (roles.error) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  return (
    <Stack gap="md">
      {copyOf && <RoleForm initial={copyOf} onDone={() => setCopyOf(null)} />}
      {roles.data.map((role) => {
        const name = role.name;
        return (
          <Card withBorder key={name} component="section" aria-label={t`Role ${name}`}>
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4">
                {role.name}{' '}
                {role.built_in && (
                  <Badge variant="light">
                    <Trans>built-in</Trans>
                  </Badge>
                )}
              </Title>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    setCopyOf({ name: `${role.name}-copy`, permissions: role.permissions })
                  }
                >
                  <Trans>Copy</Trans>
                </Button>
                {!role.built_in && (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() =>
                      remove.mutate(role.name, {
                        onSuccess: () => notifySuccess(t`Role ${name} deleted.`),
                        onError: (err) => notifyError(err, t`Role ${name} was not deleted`),
                      })
                    }
                  >
                    <Trans>Delete</Trans>
                  </Button>
                )}
              </Group>
            </Group>
            <Text size="sm" c="dimmed">
              {role.permissions.join(', ') || t`No permissions`}
            </Text>
          </Card>
        );
      })}
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
  const { t } = useLingui();
  const create = useCreateRole();
  const [name, setName] = useState(initial.name);
  const [chosen, setChosen] = useState<string[]>(initial.permissions);
  const errors = isApiError(create.error, 400) ? fieldErrors(create.error) : {};
  return (
    <Card withBorder>
      <form
        aria-label={t`New role`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name, permissions: chosen as Permission[] },
            {
              onSuccess: () => {
                notifySuccess(t`Role ${name} created.`);
                onDone();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t`Name`}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name?.join(' ')}
          />
          <Checkbox.Group label={t`Permissions`} value={chosen} onChange={setChosen}>
            <Group gap="sm" mt="xs">
              {PERMISSIONS.map((p) => (
                <Checkbox key={p} value={p} label={p} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              <Trans>Create role</Trans>
            </Button>
            <Button variant="default" onClick={onDone}>
              <Trans>Cancel</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
