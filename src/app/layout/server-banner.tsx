import { Alert, Button, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { serverStatus } from '../../api/client';

/** Shown while the last request got no answer at all; retrying refetches what is on screen. */
export function ServerBanner() {
  const { t } = useLingui();
  const reachable = useSyncExternalStore(serverStatus.subscribe, serverStatus.get);
  const queryClient = useQueryClient();
  if (reachable) return null;
  return (
    <Alert
      color="orange"
      mb="md"
      icon={<IconPlugConnectedX aria-hidden />}
      role="alert"
      title={t`The server cannot be reached`}
    >
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          <Trans>Changes cannot be loaded or saved until the connection is back.</Trans>
        </Text>
        <Button
          size="xs"
          variant="light"
          color="orange"
          onClick={() => void queryClient.refetchQueries({ type: 'active' })}
        >
          <Trans>Retry now</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
