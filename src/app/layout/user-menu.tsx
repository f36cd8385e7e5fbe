import { Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { signOut } from '../../api/auth';
import { notifyError } from '../../components/notify';

/**
 * The signed-in user and sign-out, which ends the session on the server first (and then
 * clears the query cache, see query-client.ts). If the server cannot be told, the user
 * stays signed in and is told why: the cookie would otherwise keep working.
 */
export function UserMenu({ username }: { username: string }) {
  const [signingOut, setSigningOut] = useState(false);
  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch (err) {
      notifyError(err, 'Could not sign out');
      setSigningOut(false);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" visibleFrom="xs" aria-label="Signed in as" truncate maw={240}>
        {username}
      </Text>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconLogout size={16} />}
        loading={signingOut}
        onClick={() => void onSignOut()}
      >
        Sign out
      </Button>
    </Group>
  );
}
