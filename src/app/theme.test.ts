import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { theme } from './theme';
import { cssVariablesResolver, primaryLight, surfaces, type Scheme } from './theme-colors';

/**
 * Recomputes the contrast of every colour pair the screens draw with the theme's variables
 * (WCAG 2.2 1.4.3: 4.5:1 for text), in both schemes, from what the resolver emits.
 */
const resolved = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME);
const schemes: Scheme[] = ['light', 'dark'];
const white = DEFAULT_THEME.white;
const { gray, dark } = DEFAULT_THEME.colors;
const colorNames = Object.keys(DEFAULT_THEME.colors);

function vars(scheme: Scheme) {
  const values: Record<string, string | undefined> = resolved[scheme];
  return (name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${name} is not set for ${scheme}`);
    return value;
  };
}

const expectAA = (fg: string, bg: string, what: string) =>
  expect(contrastRatio(fg, bg), `${what}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);

describe.each(schemes)('the %s theme', (scheme) => {
  const v = vars(scheme);

  it.each(['dimmed', 'placeholder', 'anchor', 'error', 'success'])(
    '--mantine-color-%s reads on every surface',
    (role) => {
      for (const surface of surfaces[scheme]) expectAA(v(`--mantine-color-${role}`), surface, role);
    },
  );

  it('keeps links readable in selected rows (the primary colour’s light background)', () => {
    expectAA(
      v('--mantine-color-anchor'),
      primaryLight(DEFAULT_THEME.colors.indigo, scheme),
      'link',
    );
  });

  it('keeps a disabled control’s label readable on its disabled background', () => {
    const background = scheme === 'light' ? gray[2] : dark[6];
    expectAA(v('--mantine-color-disabled-color'), background, 'disabled');
  });

  it.each(colorNames)('%s: white on filled, light-variant text, coloured text', (color) => {
    const c = (role: string) => v(`--mantine-color-${color}-${role}`);
    // Primary buttons, filled badges and their hover.
    expectAA(white, c('filled'), 'filled');
    expectAA(white, c('filled-hover'), 'filled hover');
    // Light badges and alerts (every subscription state and import status is one).
    const lightBackgrounds =
      scheme === 'light'
        ? [DEFAULT_THEME.colors[color]![1], DEFAULT_THEME.colors[color]![2]]
        : [c('light'), c('light-hover')];
    for (const bg of lightBackgrounds) expectAA(c('light-color'), bg, 'light variant');
    // Text in the colour (c="red"), outline buttons, also on the colour's light background.
    for (const surface of [...surfaces[scheme], ...lightBackgrounds]) {
      expectAA(c('text'), surface, 'text');
      expectAA(c('outline'), surface, 'outline');
    }
  });
});

describe('what the fix changed', () => {
  it('darkens Mantine’s failing defaults only as far as needed', () => {
    // gray-6 on white was 3.3:1; the new dimmed stays a grey lighter than gray-7.
    const dimmed = resolved.light['--mantine-color-dimmed']!;
    expect(contrastRatio(dimmed, white)).toBeLessThan(contrastRatio(gray[7], white));
    // The primary colour's hue survives: still more blue than red.
    const filled = resolved.light['--mantine-color-indigo-filled']!;
    expect(parseInt(filled.slice(5, 7), 16)).toBeGreaterThan(parseInt(filled.slice(1, 3), 16));
  });
});
