import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/** The signing secret, shown once (after creating an endpoint or rotating its secret). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t`Signing secret`} centered>
      <Stack>
        <Alert color="yellow" role="status">
          <Trans>
            Copy it now: it is not shown again. Receivers verify the <Code>webhook-signature</Code>{' '}
            header with it (Standard Webhooks). After a rotation the previous secret still signs for
            24 hours.
          </Trans>
        </Alert>
        <Text component="div" aria-label={t`Secret`}>
          <Code block>{secret}</Code>
        </Text>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t`Copied` : t`Copy secret`}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
