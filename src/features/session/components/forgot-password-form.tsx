import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { requestPasswordReset } from '../../../api/account';
import { describeError } from '../../../api/errors';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (!username.trim().includes('@')) return setError(t`Enter the address you sign in with.`);
    setError(null);
    setSubmitting(true);
    try {
      setSent((await requestPasswordReset(username.trim())).detail);
    } catch (err) {
      setFailure(describeError(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Reset password`}>
      <Stack>
        <Text size="sm">
          <Trans>We will mail you a link to choose a new password. It works for 30 minutes.</Trans>
        </Text>
        {sent && (
          <Alert color="green" role="status" title={t`Check your mail`}>
            {sent}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert" title={t`Not sent`}>
            {failure}
          </Alert>
        )}
        <TextInput
          label={t`Username`}
          name="username"
          autoComplete="username"
          withAsterisk
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" loading={submitting}>
          <Trans>Send reset link</Trans>
        </Button>
        <Button variant="subtle" onClick={onBack}>
          <Trans>Back to sign-in</Trans>
        </Button>
      </Stack>
    </form>
  );
}
