import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { signIn } from '../../../api/auth';
import { describeError, isApiError } from '../../../api/errors';
import { validateSignIn, type SignInErrors } from '../sign-in-schema';

/** Exchanges the username and password for the server's session cookie (api/auth.ts). */
export function SignInForm({
  onSignedIn,
  onCodeNeeded,
}: {
  onSignedIn: () => void;
  /** The password was right and the account signs in with a second factor. */
  onCodeNeeded: () => void;
}) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<SignInErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const values = { username: username.trim(), password };
    const found = validateSignIn(values);
    setErrors(found);
    setFailure(null);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setSubmitting(true);
    let step: Awaited<ReturnType<typeof signIn>>;
    try {
      step = await signIn(values);
    } catch (err) {
      setFailure(
        isApiError(err, 401) ? t`The username or password is not correct.` : describeError(err),
      );
      setSubmitting(false);
      return;
    }
    if (step === 'code') onCodeNeeded();
    else onSignedIn();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Sign in`}>
      <Stack>
        {failure && (
          <Alert color="red" role="alert" title={t`Sign-in failed`}>
            {failure}
          </Alert>
        )}
        <TextInput
          ref={usernameRef}
          label={t`Username`}
          name="username"
          autoComplete="username"
          withAsterisk
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
        />
        <PasswordInput
          ref={passwordRef}
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          withAsterisk
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" loading={submitting}>
          <Trans>Sign in</Trans>
        </Button>
      </Stack>
    </form>
  );
}
