import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTheme, MantineProvider } from '@mantine/core';
import type { Plugin } from 'vite';
import { cssVariablesResolver, themeBase } from '../src/app/theme-colors.ts';

const MODULE = 'virtual:mantine-styles.css';

/**
 * The style elements Mantine's provider would render in the page (the theme's CSS variables,
 * our contrast-checked colours among them, and its global classes), rendered once at build
 * time by Mantine itself and served as a stylesheet. The dashboard's provider
 * (src/app/mantine-provider.tsx) then needs neither the resolver nor the colour arithmetic:
 * about 3 KB gzip of the sign-in's first script (issue 55's budgets).
 */
export function mantineStyles(): Plugin {
  return {
    name: 'mailboard-mantine-styles',
    resolveId: (id) => (id === MODULE ? `\0${MODULE}` : undefined),
    load(id) {
      if (id !== `\0${MODULE}`) return undefined;
      const markup = renderToStaticMarkup(
        createElement(MantineProvider, { theme: createTheme(themeBase), cssVariablesResolver }),
      );
      const styles = [...markup.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
      if (styles.length === 0) throw new Error('Mantine rendered no style element');
      return styles.join('\n');
    },
  };
}
