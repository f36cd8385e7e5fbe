import { Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { session } from '../../api/session';

/** The signed-in user and sign-out (which also clears the query cache, see query-client.ts). */
export function UserMenu({ username }: { username: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" visibleFrom="xs" aria-label="Signed in as" truncate maw={240}>
        {username}
      </Text>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconLogout size={16} />}
        onClick={() => session.signOut()}
      >
        Sign out
      </Button>
    </Group>
  );
}
