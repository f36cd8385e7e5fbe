import { NavLink, Stack } from '@mantine/core';
import { IconChartBar, IconFileImport, IconList, IconMail, IconWorld } from '@tabler/icons-react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';

const items = [
  { label: 'Lists', to: '/lists', icon: IconList, match: ['/lists'] },
  { label: 'Mailings', to: '/mailings', icon: IconMail, match: ['/mailings'] },
  { label: 'Import', to: '/import', icon: IconFileImport, match: ['/import'] },
  { label: 'Statistics', to: '/statistics', icon: IconChartBar, match: ['/statistics'] },
  {
    label: 'Regions & languages',
    to: '/regions',
    icon: IconWorld,
    match: ['/regions', '/languages'],
  },
];

export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main navigation">
      <Stack gap={2}>
        {items.map(({ label, to, icon: Icon, match }) => {
          const active = match.some((m) => pathname === m || pathname.startsWith(`${m}/`));
          return (
            <NavLink
              key={to}
              component={RouterNavLink}
              to={to}
              label={label}
              leftSection={<Icon size={18} stroke={1.5} aria-hidden />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            />
          );
        })}
      </Stack>
    </nav>
  );
}
