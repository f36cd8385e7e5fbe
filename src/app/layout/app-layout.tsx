import { Anchor, AppShell, Burger, Group, Progress } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useSession } from '../../features/session/use-session';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { MainNav } from './main-nav';
import { ServerBanner } from './server-banner';
import { UserMenu } from './user-menu';

/** The signed-in shell: header, collapsible navigation, the current screen. */
export function Component() {
  const { credentials, signedOut } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);

  if (!credentials) {
    // Come back here once signed in (a deep link, an expired session); a deliberate
    // sign-out starts afresh.
    const here = location.pathname + location.search + location.hash;
    const to = signedOut || here === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(here)}`;
    return <Navigate to={to} replace />;
  }

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: 230,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="lg"
    >
      <AppShell.Header>
        {navigation.state === 'loading' && (
          <Progress
            value={100}
            animated
            size="xs"
            radius={0}
            pos="absolute"
            top={0}
            left={0}
            right={0}
            aria-label="Loading page"
          />
        )}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Burger
              opened={desktopOpened}
              onClick={toggleDesktop}
              visibleFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Anchor component={Link} to="/lists" c="inherit" underline="never" fw={700} fz="lg">
              Mailboard
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ColorSchemeToggle />
            <UserMenu username={credentials.username} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main">
        <MainNav onNavigate={closeMobile} />
      </AppShell.Navbar>
      <AppShell.Main>
        <ServerBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
