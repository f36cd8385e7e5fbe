import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { verifyCredentials } from '../../../api/auth';
import { describeError, isApiError } from '../../../api/errors';
import { session } from '../../../api/session';
import { validateSignIn, type SignInErrors } from '../sign-in-schema';

function signInMessage(err: unknown): string {
  if (isApiError(err, 401)) return 'The username or password is not correct.';
  return describeError(err);
}

/** Verifies the credentials with one request before the session starts. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
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
    try {
      await verifyCredentials(values);
    } catch (err) {
      setFailure(signInMessage(err));
      setSubmitting(false);
      return;
    }
    session.signIn(values);
    onSignedIn();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Sign in">
      <Stack>
        {failure && (
          <Alert color="red" role="alert" title="Sign-in failed">
            {failure}
          </Alert>
        )}
        <TextInput
          ref={usernameRef}
          label="Username"
          name="username"
          autoComplete="username"
          withAsterisk
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
        />
        <PasswordInput
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          withAsterisk
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" loading={submitting}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
