import { ActionIcon, Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconDotsVertical, IconLogout, IconMoon, IconSearch, IconSun } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { searchSupportQuery } from '../../features/subscribers/people/search-support-query';
import { useSignOut } from './use-sign-out';

/**
 * The header's actions on a phone, collapsed into one menu: finding people (the people
 * screen has the search box), the colour scheme and sign-out. Its own chunk, loaded only
 * below the sm breakpoint (app-layout.tsx), with Mantine's Menu and its positioning library.
 */
export function HeaderMenu({ username }: { username: string }) {
  const peopleSearch = useQuery(searchSupportQuery()).data === true;
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  const { signingOut, signOut } = useSignOut();
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="More actions"
          title={`Signed in as ${username}`}
          loading={signingOut}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {peopleSearch && (
          <Menu.Item component={Link} to="/people" leftSection={<IconSearch size={16} />}>
            Find people
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={next === 'dark' ? <IconMoon size={16} /> : <IconSun size={16} />}
          onClick={() => setColorScheme(next)}
        >
          Switch to {next} mode
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={signOut}>
          Sign out {username}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
