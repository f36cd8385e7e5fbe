import {
  darken,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { ensureContrast, toHex, parseColor } from '../lib/contrast';

/**
 * Mantine's theme with colours that meet WCAG 2.2 AA in both schemes (text 4.5:1, 1.4.3).
 * Mantine's defaults miss it in places (dimmed gray-6 on white 3.3:1, indigo-6 links and
 * buttons 4.3:1, light badges such as teal-9 on teal-1 4.3:1, placeholders 2.1:1), and
 * every screen uses those variables. Rather than darkening per component, the resolver
 * below derives each colour role from Mantine's own palette, moved toward black (light
 * scheme) or white (dark scheme) only as far as the role's backgrounds require, so hues
 * stay recognisable and a component that uses `color="teal"` is right everywhere.
 * theme.test.ts recomputes every pair.
 */
export const AA_TEXT = 4.5;

const { white } = DEFAULT_THEME;
const gray = DEFAULT_THEME.colors.gray;
const dark = DEFAULT_THEME.colors.dark;

/**
 * Where text of each kind sits. Light: the body, hovered rows and default buttons (gray-0),
 * striped rows and code (gray-1). Dark: the body (dark-7), inputs and default buttons
 * (dark-6), their hover (dark-5), and the darker navbar hover (dark-8).
 */
export const surfaces = {
  light: [white, gray[0], gray[1]],
  dark: [dark[7], dark[6], dark[5], dark[8]],
} as const;

/** Backgrounds a disabled control's label sits on (Mantine's --mantine-color-disabled). */
const disabledBackground = { light: gray[2], dark: dark[6] } as const;

export type Scheme = 'light' | 'dark';
type Variables = Record<string, string>;

const opaque = (color: string) => toHex(parseColor(color));

/** The colour roles of one palette colour, per scheme (Mantine's names, our values). */
export function colorRoles(name: string, shades: MantineColorsTuple, scheme: Scheme): Variables {
  const v = (role: string) => `--mantine-color-${name}-${role}`;
  if (scheme === 'light') {
    // Filled: white text on it (buttons, filled badges); hover one step darker.
    const filled = ensureContrast(shades[7], [white], AA_TEXT);
    // Light variant: shade 9 on shade 1 (hover 2), as Mantine does, dark enough to read.
    const lightColor = ensureContrast(shades[9], [shades[1], shades[2]], AA_TEXT);
    // Text and outline: the filled colour as text on the page's surfaces, and on the
    // colour's own light background (a red menu item while hovered or focused).
    const text = ensureContrast(filled, [...surfaces.light, shades[1], shades[2]], AA_TEXT);
    return {
      [v('filled')]: filled,
      [v('filled-hover')]: opaque(darken(filled, 0.12)),
      [v('light-color')]: lightColor,
      [v('text')]: text,
      [v('outline')]: text,
    };
  }
  const filled = ensureContrast(shades[8], [white], AA_TEXT);
  // Mantine's dark light-variant background: shade 9 darkened by half (hover by 30 %).
  const lightBackgrounds = [darken(shades[9], 0.5), darken(shades[9], 0.3)].map(opaque);
  const text = ensureContrast(shades[4], [...surfaces.dark, ...lightBackgrounds], AA_TEXT);
  return {
    [v('filled')]: filled,
    [v('filled-hover')]: opaque(darken(filled, 0.12)),
    [v('light')]: lightBackgrounds[0]!,
    [v('light-hover')]: lightBackgrounds[1]!,
    [v('light-color')]: ensureContrast(shades[0], lightBackgrounds, AA_TEXT),
    [v('text')]: text,
    [v('outline')]: text,
  };
}

/** Mantine's light-variant background of a colour (selected rows, light badges). */
export const primaryLight = (shades: MantineColorsTuple, scheme: Scheme) =>
  scheme === 'light' ? shades[1] : opaque(darken(shades[9], 0.5));

/** Page-wide text colours (dimmed, links, placeholders, errors…), per scheme. */
export function globalRoles(primary: MantineColorsTuple, scheme: Scheme): Variables {
  const onSurfaces = (color: string) => ensureContrast(color, surfaces[scheme], AA_TEXT);
  // Links also sit in selected rows, which take the primary colour's light background.
  const linkBackgrounds = [...surfaces[scheme], primaryLight(primary, scheme)];
  const red = DEFAULT_THEME.colors.red;
  const teal = DEFAULT_THEME.colors.teal;
  if (scheme === 'light') {
    return {
      '--mantine-color-dimmed': onSurfaces(gray[6]),
      '--mantine-color-placeholder': onSurfaces(gray[6]),
      '--mantine-color-anchor': ensureContrast(primary[7], linkBackgrounds, AA_TEXT),
      '--mantine-color-error': onSurfaces(red[7]),
      '--mantine-color-success': onSurfaces(teal[8]),
      // A disabled control still tells what it is (e.g. "Next" before a file is chosen).
      '--mantine-color-disabled-color': ensureContrast(
        gray[6],
        [disabledBackground.light],
        AA_TEXT,
      ),
    };
  }
  return {
    '--mantine-color-dimmed': onSurfaces(dark[2]),
    '--mantine-color-placeholder': onSurfaces(dark[3]),
    '--mantine-color-anchor': ensureContrast(primary[4], linkBackgrounds, AA_TEXT),
    '--mantine-color-error': onSurfaces(red[6]),
    '--mantine-color-success': onSurfaces(teal[5]),
    '--mantine-color-disabled-color': ensureContrast(dark[3], [disabledBackground.dark], AA_TEXT),
  };
}

/**
 * The theme's values that CSS variables are made of (its components' defaults are in
 * theme.ts). Node-safe, no messages: build/mantine-styles.ts renders the variables from it
 * at build time.
 */
export const themeBase = {
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  // No autoContrast: it picks black or white from Mantine's own shade, not from the darker
  // filled colour below, on which white always reads.
} satisfies MantineThemeOverride;

const primaryShades = DEFAULT_THEME.colors[themeBase.primaryColor]!;

function schemeVariables(scheme: Scheme): Variables {
  const variables = globalRoles(primaryShades, scheme);
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    Object.assign(variables, colorRoles(name, shades, scheme));
  }
  return variables;
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: schemeVariables('light'),
  dark: schemeVariables('dark'),
});
