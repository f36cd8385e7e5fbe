import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { lookUpInvitation, setPasswordByLink, type MailedLink } from '../../../api/account';
import { describeError, fieldErrors, isApiError } from '../../../api/errors';
import { MIN_NEW_PASSWORD_LENGTH } from '../../../../contract/account';

/**
 * The page a mailed link opens (/invitation/… or /password-reset/…): choose a password, then
 * sign in with it. Shown without the router, like the sign-in screen (app/boot.tsx).
 */
export function LinkPasswordPage({
  link,
  onDone,
}: {
  link: MailedLink;
  /** Called with a message for the sign-in screen once the password is set. */
  onDone: (notice: string) => void;
}) {
  const { t } = useLingui();
  const invitation = link.kind === 'invitation';
  const [username, setUsername] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!invitation) return;
    lookUpInvitation(link.token).then(
      (found) => setUsername(found.username),
      () => setGone(true),
    );
  }, [invitation, link.token]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const found: typeof errors = {};
    if (password.length < MIN_NEW_PASSWORD_LENGTH)
      found.password = t`Use at least ${MIN_NEW_PASSWORD_LENGTH} characters.`;
    else if (repeat !== password) found.repeat = t`The passwords differ.`;
    setErrors(found);
    if (found.password || found.repeat) return;
    setSubmitting(true);
    try {
      const user = await setPasswordByLink(link, password);
      const name = user.username;
      onDone(t`Your password is set. Sign in as ${name}.`);
    } catch (err) {
      setSubmitting(false);
      if (isApiError(err, 404)) return setGone(true);
      const fields = fieldErrors(err);
      if (fields.password) return setErrors({ password: fields.password.join(' ') });
      setFailure(describeError(err));
    }
  }

  const title = invitation ? t`Welcome to Mailboard` : t`Choose a new password`;
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {gone ? (
            <Alert color="red" role="alert" title={t`Link not valid`}>
              <Trans>This link is invalid, used or expired. Ask for a new one.</Trans>
            </Alert>
          ) : invitation && username === null ? (
            <Loader aria-label={t`Checking the invitation`} />
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Set password`}>
              <Stack>
                {username && (
                  <Text size="sm">
                    <Trans>Choose a password for {username}.</Trans>
                  </Text>
                )}
                {failure && (
                  <Alert color="red" role="alert">
                    {failure}
                  </Alert>
                )}
                <PasswordInput
                  label={t`New password`}
                  autoComplete="new-password"
                  withAsterisk
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={errors.password}
                />
                <PasswordInput
                  label={t`Repeat the password`}
                  autoComplete="new-password"
                  withAsterisk
                  value={repeat}
                  onChange={(e) => setRepeat(e.currentTarget.value)}
                  error={errors.repeat}
                />
                <Button type="submit" loading={submitting}>
                  <Trans>Set password</Trans>
                </Button>
              </Stack>
            </form>
          )}
          <Button component="a" href="/sign-in" variant="subtle">
            <Trans>Go to sign-in</Trans>
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
