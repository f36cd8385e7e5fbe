import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { verifyCredentials } from '../../../api/auth';
import { describeError, isApiError } from '../../../api/client';
import { session } from '../../../api/session';
import { signInSchema, type SignInValues } from '../sign-in-schema';

function signInMessage(err: unknown): string {
  if (isApiError(err, 401)) return 'The username or password is not correct.';
  return describeError(err);
}

/** Verifies the credentials with one request before the session starts. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await verifyCredentials(values);
    } catch (err) {
      setFailure(signInMessage(err));
      return;
    }
    session.signIn(values);
    onSignedIn();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack>
        {failure && (
          <Alert color="red" role="alert" title="Sign-in failed">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Username"
          autoComplete="username"
          withAsterisk
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" loading={isSubmitting}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
