import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { session } from '../../../api/session';
import { useSession } from '../use-session';
import { SignInForm } from './sign-in-form';

/**
 * The sign-in screen itself, free of the router: a fresh tab shows it before the router and
 * the signed-in shell have loaded (src/app/boot.tsx); sign-in-page.tsx is its route.
 */
export function SignInScreen({ onSignedIn }: { onSignedIn: () => void }) {
  const { notice } = useSession();
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
              onSignedIn();
            }}
          />
        </Stack>
      </Paper>
    </Center>
  );
}
