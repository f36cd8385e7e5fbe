import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeNext } from '../sign-in-schema';
import { useSession } from '../use-session';
import { SignInScreen } from './sign-in-screen';

/** The sign-in route: back to `next` (where the user was sent from) once signed in. */
export function SignInPage() {
  const { t } = useLingui();
  const { status } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));

  // Right after a load the server has not said yet whether the cookie holds a session.
  if (status === 'unknown') {
    return (
      <Center component="main" mih="100vh">
        <Loader aria-label={t`Loading Mailboard`} />
      </Center>
    );
  }
  if (status === 'signed-in') return <Navigate to={next} replace />;
  return <SignInScreen onSignedIn={() => void navigate(next, { replace: true })} />;
}
