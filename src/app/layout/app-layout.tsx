import { Alert, Anchor, Burger, Group } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { Link } from '../../components/link';
import { useSession } from '../../features/session/use-session';
import { FullPageLoader } from '../full-page-loader';
import { signInPath } from '../sign-in-path';
import { useIdleAfterMount } from '../when-idle';
import classes from './app-layout.module.css';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { MainNav } from './main-nav';
import { ServerBanner } from './server-banner';
import { SkipLink } from './skip-link';
import { LanguagePicker } from './language-picker';
import { useAccountLocale } from './use-account-locale';
import { UserMenu } from './user-menu';

// Its own chunk: the people search reaches the subscribers API (and classic zod), which
// the shell itself does not need. Mounted once the browser is idle, after the screen
// showed: the first screen after signing in does not wait for it.
const PeopleSearchBox = lazy(() =>
  import('../../features/subscribers/people/people-search-box').then((m) => ({
    default: m.PeopleSearchBox,
  })),
);
const HeaderMenu = lazy(() => import('./header-menu').then((m) => ({ default: m.HeaderMenu })));

// Mantine's sm breakpoint, where `hiddenFrom="sm"` switches: below it the header's actions
// do not fit beside the title on a phone and collapse into one menu.
const WIDE = '(min-width: 48em)';

/**
 * The signed-in shell: header, collapsible navigation, the current screen. The navbar has
 * two states: beside the content from the sm breakpoint (open by default), over it below
 * (closed by default, closed again by choosing a screen). app-layout.module.css does the rest.
 */
export function Component() {
  const { t } = useLingui();
  const { status, user, signedOut } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const [mobileOpened, setMobileOpened] = useState(false);
  const [desktopOpened, setDesktopOpened] = useState(true);
  // Decided on the first render (no server rendering here), so a phone never loads the
  // wide header's parts nor a desktop the menu's.
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const idle = useIdleAfterMount();
  useAccountLocale();

  if (status === 'unknown') return <FullPageLoader />;
  if (!user) {
    const here = location.pathname + location.search + location.hash;
    return <Navigate to={signInPath(here, signedOut)} replace />;
  }

  return (
    <div
      className={classes.shell}
      data-mobile-navbar={mobileOpened ? 'open' : 'closed'}
      data-desktop-navbar={desktopOpened ? 'open' : 'closed'}
    >
      <SkipLink target="content" />
      {/* right-scroll-bar-position: react-remove-scroll's class (Mantine's modals) keeps the
          fixed header still while a dialog hides the page's scrollbar. */}
      <header className={`${classes.header} right-scroll-bar-position`}>
        {navigation.state === 'loading' && (
          <div role="progressbar" aria-label={t`Loading page`} className={classes.loading} />
        )}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={() => setMobileOpened((o) => !o)}
              hiddenFrom="sm"
              size="sm"
              aria-label={t`Toggle navigation`}
              aria-controls="main-navbar"
              aria-expanded={mobileOpened}
            />
            <Burger
              opened={desktopOpened}
              onClick={() => setDesktopOpened((o) => !o)}
              visibleFrom="sm"
              size="sm"
              aria-label={t`Toggle navigation`}
              aria-controls="main-navbar"
              aria-expanded={desktopOpened}
            />
            <Anchor component={Link} to="/" c="inherit" underline="never" fw={700} fz="lg">
              <Trans>Mailboard</Trans>
            </Anchor>
          </Group>
          {wide ? (
            <Group gap="xs" wrap="nowrap">
              {idle && (
                <Suspense fallback={null}>
                  <PeopleSearchBox />
                </Suspense>
              )}
              <ColorSchemeToggle />
              <LanguagePicker />
              <UserMenu username={user.username} />
            </Group>
          ) : (
            <Suspense fallback={null}>
              <HeaderMenu username={user.username} />
            </Suspense>
          )}
        </Group>
      </header>
      <div id="main-navbar" className={classes.navbar}>
        <MainNav onNavigate={() => setMobileOpened(false)} />
      </div>
      <main id="content" tabIndex={-1} className={classes.main}>
        <ServerBanner />
        {user.enrolTwoFactor && (
          <Alert color="yellow" role="status" mb="md" title={t`Two-factor sign-in required`}>
            <Trans>
              Your role requires two-factor sign-in: set it up below before anything else.
            </Trans>
          </Alert>
        )}
        {/* The server refuses everything else until then (403 two_factor_required). */}
        {user.enrolTwoFactor && location.pathname !== '/security' ? (
          <Navigate to="/security" replace />
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}
