import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { signInWithCode } from '../../../api/account';
import { describeError, fieldErrors, isApiError } from '../../../api/errors';

/** The second step of a two-factor sign-in: a code from the authenticator or a recovery code. */
export function CodeStepForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => void;
  /** The challenge expired (five minutes): back to the password. Wrong codes wait, per user. */
  onRestart: (notice: string) => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (code.replace(/\s+/g, '').length < 6) return setError(t`Enter the code.`);
    setError(null);
    setSubmitting(true);
    try {
      await signInWithCode(code);
    } catch (err) {
      setSubmitting(false);
      if (isApiError(err, 401)) return onRestart(describeError(err));
      const fields = fieldErrors(err);
      if (fields.code) return setError(fields.code.join(' '));
      return setFailure(describeError(err));
    }
    onSignedIn();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Two-factor code`}>
      <Stack>
        {failure && (
          <Alert color="red" role="alert" title={t`Sign-in failed`}>
            {failure}
          </Alert>
        )}
        <Text size="sm">
          <Trans>
            Enter the six-digit code from your authenticator app, or one of your recovery codes.
          </Trans>
        </Text>
        <TextInput
          label={t`Code`}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          withAsterisk
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" loading={submitting}>
          <Trans>Verify</Trans>
        </Button>
      </Stack>
    </form>
  );
}
