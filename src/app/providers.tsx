import { createTheme, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotificationsHost } from './notifications-host';
import { queryClient } from './query-client';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'sm' });

// The colour scheme is a preference, not a credential: localStorage is the right place.
// "auto" follows the OS until the user picks one with the toggle.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mailboard.color-scheme' });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
