import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { session } from '../api/session';
// In the entry chunk, not lazy: it is the first screen of every new session, and its
// inputs are in nearly every other screen too.
import { SignInScreen } from '../features/session/components/sign-in-screen';
import { safeNext } from '../features/session/sign-in-schema';
import { useSession } from '../features/session/use-session';
import { mailedLinkOf } from '../features/session/mailed-link';
import { configureZodForCsp } from '../lib/zod-config';
import { FullPageLoader } from './full-page-loader';
import { signInPath } from './sign-in-path';
import { whenIdle } from './when-idle';

/**
 * The first screen. A fresh browser has no session: it gets the sign-in screen with React
 * and Mantine only, and the router, react-query and the signed-in shell (router-app.tsx)
 * follow once the browser is idle after that screen painted, ready by the time the user
 * has typed a password. With a session, the router takes over at once and for good:
 * signing out later is one of its routes.
 */
const loadRouterApp = () => import('./router-app');
// Every signed-in screen renders inside the shell: fetched beside the router, not after it.
const loadShell = () => import('./layout/app-layout');

// Pages of mailed links (invitation, password reset): rare, so in their own chunk. Their
// chunk brings zod (the contract's password rule) without the router: jitless first.
const LinkPasswordPage = lazy(() => {
  configureZodForCsp();
  return import('../features/session/components/link-password-page').then((m) => ({
    default: m.LinkPasswordPage,
  }));
});

const RouterApp = lazy(() => {
  void loadShell();
  return loadRouterApp().then((m) => ({ default: m.RouterApp }));
});

export function Boot() {
  const { status } = useSession();
  const [routed, setRouted] = useState(false);
  const [link, setLink] = useState(() => mailedLinkOf(window.location.pathname));
  if (status === 'signed-in' && !routed && !link) setRouted(true);

  let screen: ReactNode;
  if (link) {
    screen = (
      <LinkPasswordPage
        link={link}
        onDone={(notice) => {
          window.history.replaceState(null, '', '/sign-in');
          session.signOut(notice);
          setLink(null);
        }}
      />
    );
  } else if (routed) screen = <RouterApp />;
  else if (status === 'unknown') screen = <FullPageLoader />;
  else screen = <StandaloneSignIn />;
  return (
    <LoadFailure>
      <Suspense fallback={<FullPageLoader />}>{screen}</Suspense>
    </LoadFailure>
  );
}

function StandaloneSignIn() {
  useEffect(() => {
    // The address the router would give this tab, so that a reload, and the router once it
    // takes over, return to where the user was headed.
    const { pathname, search, hash } = window.location;
    const here = pathname + search + hash;
    const to = signInPath(here, session.get().signedOut);
    if (to !== here) window.history.replaceState(window.history.state, '', to);
    return whenIdle(() => {
      void loadRouterApp();
      void loadShell();
      // Where signing in leads unless the address says otherwise.
      void import('./routes/lists');
    });
  }, []);
  // Signing in sets the session, and Boot hands the tab to the router: it starts right at
  // the address the user was headed for.
  const goNext = () => {
    const next = safeNext(new URLSearchParams(window.location.search).get('next'));
    window.history.replaceState(null, '', next);
  };
  return <SignInScreen onSignedIn={goNext} />;
}

/** A chunk of the first screen did not arrive (offline, or a new version was deployed). */
class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center component="main" mih="100vh" p="md">
        <Alert color="red" role="alert" title={<Trans>Mailboard could not load</Trans>}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              <Trans>Check the connection to the server, then reload the page.</Trans>
            </Text>
            <Button size="xs" onClick={() => window.location.reload()}>
              <Trans>Reload</Trans>
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
}
