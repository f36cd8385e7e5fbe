import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/** A link made for someone else: an invitation or a password reset. */
export type PassOnLink = {
  kind: 'invitation' | 'reset';
  username: string;
  url: string;
};

const WHAT = {
  invitation: {
    title: 'Invitation link',
    use: 'choose a password and sign in. It works once, for 7 days',
  },
  reset: {
    title: 'Password reset link',
    use: 'choose a new password. It works once, for 30 minutes',
  },
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
  const what = WHAT[link?.kind ?? 'invitation'];
  return (
    <Modal opened={link !== null} onClose={onClose} title={what.title} centered>
      {link && (
        <Stack>
          <Text size="sm">
            With this link {link.username} can {what.use}.
          </Text>
          <Text component="div" aria-label={`Link for ${link.username}`}>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {link.url}
            </Code>
          </Text>
          {/* Without SMTP_URL the server sends nothing: the mail waits in its Outbox. */}
          <Text size="sm" role="status">
            The link was also mailed to {link.username} (or, where this server sends no mail, stored
            in its Outbox, which never shows the link).
          </Text>
          <Group justify="flex-end">
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
