import { Button, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconLogout } from '@tabler/icons-react';
import { useSignOut } from './use-sign-out';

/** The signed-in user and sign-out, in the header from the sm breakpoint up. */
export function UserMenu({ username }: { username: string }) {
  const { t } = useLingui();
  const { signingOut, signOut } = useSignOut();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" visibleFrom="xs" aria-label={t`Signed in as`} truncate maw={240}>
        {username}
      </Text>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconLogout size={16} />}
        loading={signingOut}
        onClick={signOut}
      >
        <Trans>Sign out</Trans>
      </Button>
    </Group>
  );
}
