import {
  localStorageColorSchemeManager,
  MantineContext,
  MantineThemeProvider,
  useProviderColorScheme,
  type MantineColorScheme,
  type MantineThemeOverride,
} from '@mantine/core';
import type { ReactNode } from 'react';
// The theme's CSS variables and Mantine's global classes, rendered at build time.
import 'virtual:mantine-styles.css';

const getRootElement = () => document.documentElement;

/**
 * Mantine's provider without its style elements: MantineProvider computes the theme's CSS
 * variables in the browser (its resolver, colour functions and ours, ~3 KB gzip of the
 * sign-in's first script) and injects them with its global classes; build/mantine-styles.ts
 * renders those once, with Mantine's own code, into a stylesheet. The rest is what
 * MantineProvider gives its context (Mantine 9), with its defaults.
 */
export function DashboardMantineProvider({
  theme,
  defaultColorScheme,
  colorSchemeManager = localStorageColorSchemeManager(),
  children,
}: {
  theme: MantineThemeOverride;
  defaultColorScheme: MantineColorScheme;
  colorSchemeManager?: ReturnType<typeof localStorageColorSchemeManager>;
  children: ReactNode;
}) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    defaultColorScheme,
    forceColorScheme: undefined,
    manager: colorSchemeManager,
    getRootElement,
  });
  return (
    <MantineContext
      value={{
        colorScheme,
        setColorScheme,
        clearColorScheme,
        getRootElement,
        classNamesPrefix: 'mantine',
        cssVariablesSelector: ':root',
        withStaticClasses: true,
      }}
    >
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
