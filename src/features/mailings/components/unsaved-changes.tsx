import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving the composer with a mailing not yet created: inside the app through
 * the router's blocker (changes of the query string, such as the variant tab, pass), and
 * on reload or closing the tab through the browser's own beforeunload prompt.
 */
export function UnsavedChangesPrompt({
  active,
  onDiscard,
}: {
  active: boolean;
  onDiscard: () => void;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium versions still need returnValue to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const { t } = useLingui();
  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title={t`Leave the new mailing?`}
      centered
    >
      <Stack>
        <Text size="sm">
          <Trans>
            The mailing has not been created yet. Its draft stays in this tab (until you sign out or
            close the tab), so you can come back to it — or discard it now.
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            <Trans>Stay</Trans>
          </Button>
          <Button
            variant="light"
            color="red"
            onClick={() => {
              onDiscard();
              blocker.proceed?.();
            }}
          >
            <Trans>Discard draft and leave</Trans>
          </Button>
          <Button onClick={() => blocker.proceed?.()}>
            <Trans>Keep draft and leave</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
