import { ActionIcon, Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconDotsVertical, IconLogout, IconMoon, IconSearch, IconSun } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/link';
import { searchSupportQuery } from '../../features/subscribers/people/search-support-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DASHBOARD_LOCALE_NAMES, DASHBOARD_LOCALES } from '../../../contract/dashboard-locales';
import { notify } from '../../components/notify';
import { useChooseLocale } from './language-picker';
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
  const { t, i18n } = useLingui();
  // The menu closes on a choice: what went wrong comes as a toast.
  const chooseLocale = useChooseLocale((message) => notify({ color: 'red', message }));
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`More actions`}
          title={t`Signed in as ${username}`}
          loading={signingOut}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {peopleSearch && (
          <Menu.Item component={Link} to="/people" leftSection={<IconSearch size={16} />}>
            <Trans>Find people</Trans>
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={next === 'dark' ? <IconMoon size={16} /> : <IconSun size={16} />}
          onClick={() => setColorScheme(next)}
        >
          {next === 'dark' ? (
            <Trans>Switch to dark mode</Trans>
          ) : (
            <Trans>Switch to light mode</Trans>
          )}
        </Menu.Item>
        <Menu.Label>{t`Language`}</Menu.Label>
        {DASHBOARD_LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            aria-current={locale === i18n.locale ? 'true' : undefined}
            onClick={() => void chooseLocale(locale)}
          >
            {DASHBOARD_LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={signOut}>
          <Trans>Sign out {username}</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
