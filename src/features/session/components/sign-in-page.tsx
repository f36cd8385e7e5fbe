import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { session } from '../../../api/session';
import { safeNext } from '../sign-in-schema';
import { useSession } from '../use-session';
import { SignInForm } from './sign-in-form';

export function SignInPage() {
  const { status, notice } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));

  // Right after a load the server has not said yet whether the cookie holds a session.
  if (status === 'unknown') {
    return (
      <Center component="main" mih="100vh">
        <Loader aria-label="Loading Mailboard" />
      </Center>
    );
  }
  if (status === 'signed-in') return <Navigate to={next} replace />;

  // The page's one landmark: everything a screen reader lists as content is inside it.
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack>
          <div>
            <Title order={1} size="h2">
              Sign in to Mailboard
            </Title>
            <Text c="dimmed" size="sm">
              Use the username and password of your API account.
            </Text>
          </div>
          {notice && (
            <Alert color="yellow" role="status" title="Signed out">
              {notice}
            </Alert>
          )}
          <SignInForm
            onSignedIn={() => {
              session.clearNotice();
              void navigate(next, { replace: true });
            }}
          />
        </Stack>
      </Paper>
    </Center>
  );
}
