import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { describeError, fieldErrors } from '../../../api/errors';
import { notifySuccess } from '../../../components/notify';
import { useDisableTwoFactor } from '../queries';

type Errors = { password?: string; code?: string };

/**
 * Turning two-factor sign-in off takes the password and a code (issue 49), so a session left
 * open somewhere is not enough. Wrong answers count toward a wait the server names (429).
 */
export function DisableTwoFactorForm({ left }: { left: number }) {
  const { t } = useLingui();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const missing: Errors = {
      ...(password ? {} : { password: t`Enter your password.` }),
      ...(code.replace(/\s+/g, '').length < 6 ? { code: t`Enter the code.` } : {}),
    };
    setErrors(missing);
    if (missing.password || missing.code) return;
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => notifySuccess(t`Two-factor sign-in is off.`),
        onError: (err) => {
          const fields = fieldErrors(err);
          if (fields.password || fields.code) {
            setErrors({ password: fields.password?.join(' '), code: fields.code?.join(' ') });
          } else setFailure(describeError(err));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Turn off two-factor sign-in`}>
      <Stack gap="xs" maw={360}>
        <Text size="sm">
          {plural(left, {
            one: 'Two-factor sign-in is on. # recovery code left.',
            other: 'Two-factor sign-in is on. # recovery codes left.',
          })}
        </Text>
        <Text size="sm">
          <Trans>
            To turn it off, enter your password and a code from the app (or a recovery code). Your
            other sessions will be signed out.
          </Trans>
        </Text>
        {failure && (
          <Alert color="red" role="alert" title={t`Not turned off`}>
            {failure}
          </Alert>
        )}
        <PasswordInput
          label={t`Password`}
          autoComplete="current-password"
          withAsterisk
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <TextInput
          label={t`Code to turn it off`}
          autoComplete="one-time-code"
          withAsterisk
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={errors.code}
        />
        <Button type="submit" loading={disable.isPending}>
          <Trans>Turn off</Trans>
        </Button>
      </Stack>
    </form>
  );
}
