import { localStorageColorSchemeManager } from '@mantine/core';
import type { ReactNode } from 'react';
import { LocaleProvider } from '../i18n/locale-provider';
import { DashboardMantineProvider } from './mantine-provider';
import { theme } from './theme';

// The colour scheme is a preference, not a credential: localStorage is the right place.
// "auto" follows the OS until the user picks one with the toggle.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mailboard.color-scheme' });

/** What every screen needs, the sign-in included (react-query and toasts come with router-app.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <DashboardMantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <LocaleProvider>{children}</LocaleProvider>
    </DashboardMantineProvider>
  );
}
