import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/** A link made for someone else: an invitation or a password reset. */
export type PassOnLink = {
  kind: 'invitation' | 'reset';
  username: string;
  url: string;
};

/**
 * The link an invitation or a reset answers (issue 49): the Outbox never shows such links,
 * so an admin whose server sends no mail passes it on from here (as Metabase and Grafana do).
 */
export function PassOnLinkDialog({
  link,
  onClose,
}: {
  link: PassOnLink | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const reset = link?.kind === 'reset';
  const username = link?.username ?? '';
  return (
    <Modal
      opened={link !== null}
      onClose={onClose}
      title={reset ? t`Password reset link` : t`Invitation link`}
      centered
    >
      {link && (
        <Stack>
          <Text size="sm">
            {reset
              ? t`With this link ${username} can choose a new password. It works once, for 30 minutes.`
              : t`With this link ${username} can choose a password and sign in. It works once, for 7 days.`}
          </Text>
          <Text component="div" aria-label={t`Link for ${username}`}>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {link.url}
            </Code>
          </Text>
          {/* Without SMTP_URL the server sends nothing: the mail waits in its Outbox. */}
          <Text size="sm" role="status">
            <Trans>
              The link was also mailed to {username} (or, where this server sends no mail, stored in
              its Outbox, which never shows the link).
            </Trans>
          </Text>
          <Group justify="flex-end">
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t`Copied` : t`Copy link`}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>
              <Trans>Done</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
