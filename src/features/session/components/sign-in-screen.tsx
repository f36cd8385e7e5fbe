import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { session } from '../../../api/session';
import { useSession } from '../use-session';
import { SignInForm } from './sign-in-form';

// Fetched when asked for, not with the form: most sign-ins need neither the code step
// (two-factor accounts only) nor the forgotten-password form, and the sign-in form's first
// load is budgeted (issue 55, docs/decisions/bundle-budgets.md).
const CodeStepForm = lazy(() =>
  import('./code-step-form').then((m) => ({ default: m.CodeStepForm })),
);
const ForgotPasswordForm = lazy(() =>
  import('./forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);

/**
 * The sign-in screen itself, free of the router: a fresh tab shows it before the router and
 * the signed-in shell have loaded (src/app/boot.tsx); sign-in-page.tsx is its route.
 */
export function SignInScreen({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useLingui();
  const { notice } = useSession();
  // Password, then (two-factor accounts) a code; or the forgotten-password form.
  const [step, setStep] = useState<'password' | 'code' | 'forgot'>('password');
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const done = () => {
    session.clearNotice();
    onSignedIn();
  };
  // The page's one landmark: everything a screen reader lists as content is inside it.
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack>
          <div>
            <Title order={1} size="h2">
              <Trans>Sign in to Mailboard</Trans>
            </Title>
            <Text c="dimmed" size="sm">
              <Trans>Use the username and password of your API account.</Trans>
            </Text>
          </div>
          {notice && (
            <Alert color="yellow" role="status" title={t`Signed out`}>
              {notice}
            </Alert>
          )}
          {restartNotice && step === 'password' && (
            <Alert color="yellow" role="status">
              {restartNotice}
            </Alert>
          )}
          {step === 'password' && (
            <>
              <SignInForm onSignedIn={done} onCodeNeeded={() => setStep('code')} />
              <Anchor component="button" type="button" size="sm" onClick={() => setStep('forgot')}>
                <Trans>Forgot password?</Trans>
              </Anchor>
            </>
          )}
          <Suspense fallback={<Loader size="sm" aria-label={t`Loading`} />}>
            {step === 'code' && (
              <CodeStepForm
                onSignedIn={done}
                onRestart={(message) => {
                  setRestartNotice(message);
                  setStep('password');
                }}
              />
            )}
            {step === 'forgot' && <ForgotPasswordForm onBack={() => setStep('password')} />}
          </Suspense>
        </Stack>
      </Paper>
    </Center>
  );
}
