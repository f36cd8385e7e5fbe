import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  List,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Enrolment } from '../../../api/security';
import { session } from '../../../api/session';
import { fieldErrors } from '../../../api/errors';
import { notifyError } from '../../../components/notify';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { securityQueries, useConfirmEnrolment, useStartEnrolment } from '../queries';
import { DisableTwoFactorForm } from './disable-two-factor-form';

/**
 * Two-factor sign-in (issue 29 part 4): enrol with a QR code and one code, see the recovery
 * codes once, or turn it off with the password and a code.
 */
export function TwoFactorPanel() {
  const { t } = useLingui();
  const query = useQuery(securityQueries.twoFactor());
  const start = useStartEnrolment();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (query.isPending) return <LinesSkeleton label={t`Loading two-factor sign-in`} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.supported) return null;
  const status = query.data.data;

  return (
    <Stack component="section" aria-labelledby="two-factor-title" gap="sm">
      <Title order={2} size="h3" id="two-factor-title">
        <Trans>Two-factor sign-in</Trans>
      </Title>
      {recoveryCodes ? (
        <Alert color="green" title={t`Two-factor sign-in is on`} role="status">
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                Keep these recovery codes somewhere safe. Each works once if you lose your
                authenticator. They are shown only now.
              </Trans>
            </Text>
            <List aria-label={t`Recovery codes`} spacing={2}>
              {recoveryCodes.map((c) => (
                <List.Item key={c}>
                  <Code>{c}</Code>
                </List.Item>
              ))}
            </List>
            <Button size="xs" variant="light" onClick={() => setRecoveryCodes(null)}>
              <Trans>I have saved them</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : status.enrolled ? (
        <DisableTwoFactorForm left={status.recovery_codes_left} />
      ) : enrolment ? (
        <ConfirmForm
          enrolment={enrolment}
          onConfirmed={(codes) => {
            // The shell's "set it up" banner has done its job.
            const user = session.get().user;
            if (user?.enrolTwoFactor) session.signIn({ username: user.username });
            setEnrolment(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : (
        <Stack gap="xs" align="flex-start">
          {status.required && (
            <Alert color="yellow" role="status">
              <Trans>Your role requires two-factor sign-in. Set it up now.</Trans>
            </Alert>
          )}
          <Text size="sm">
            <Trans>
              After your password, sign-in will ask for a code from an authenticator app. API
              clients then use an API token instead of your password.
            </Trans>
          </Text>
          <Button
            loading={start.isPending}
            onClick={() =>
              start.mutate(undefined, { onSuccess: setEnrolment, onError: (e) => notifyError(e) })
            }
          >
            <Trans>Set up two-factor sign-in</Trans>
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function CodeForm({
  label,
  submit,
  pending,
  onSubmit,
}: {
  label: string;
  submit: string;
  pending: boolean;
  onSubmit: (code: string, setError: (message: string) => void) => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim().length < 6) return setError(t`Enter the code.`);
    setError(null);
    onSubmit(code.trim(), setError);
  };
  return (
    <form onSubmit={send} noValidate aria-label={submit}>
      <Group align="flex-end">
        <TextInput
          label={label}
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" loading={pending}>
          {submit}
        </Button>
      </Group>
    </form>
  );
}

const codeError = (err: unknown, setError: (m: string) => void) => {
  const fields = fieldErrors(err);
  if (fields.code) setError(fields.code.join(' '));
  else notifyError(err);
};

function ConfirmForm({
  enrolment,
  onConfirmed,
}: {
  enrolment: Enrolment;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  const confirm = useConfirmEnrolment();
  const secret = enrolment.secret;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Trans>Scan this code with your authenticator app, then enter the code it shows.</Trans>
      </Text>
      <Image src={enrolment.qr} alt={t`QR code for your authenticator app`} w={200} h={200} />
      <Text size="sm">
        <Trans>
          Or enter this key by hand: <Code data-testid="two-factor-secret">{secret}</Code>
        </Trans>
      </Text>
      <CodeForm
        label={t`Code from the app`}
        submit={t`Turn on`}
        pending={confirm.isPending}
        onSubmit={(code, setError) =>
          confirm.mutate(code, {
            onSuccess: (r) => onConfirmed(r.recovery_codes),
            onError: (err) => codeError(err, setError),
          })
        }
      />
    </Stack>
  );
}
