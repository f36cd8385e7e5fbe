/**
 * Series styles that survive colour blindness and both colour schemes: the Okabe–Ito palette
 * (Okabe & Ito 2008, designed to stay distinct for protan, deutan and tritan vision), ordered
 * per scheme so every colour keeps at least 3:1 contrast against the background (WCAG 1.4.11),
 * plus a dash pattern and a marker shape per series, so colour is never the only cue.
 */
export { contrastRatio } from '../../lib/contrast';

export const okabeIto = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
  black: '#000000',
} as const;

export type Scheme = 'light' | 'dark';

/** Mantine's page background in each scheme (white, dark-7). */
export const backgrounds: Record<Scheme, string> = { light: '#FFFFFF', dark: '#242424' };

// Same hue family at the same position in both schemes (blue, orange-red, green, purple, …):
// sky blue and orange are too pale on white, blue and black too dark on dark grey.
export const seriesColors: Record<Scheme, readonly string[]> = {
  light: [
    okabeIto.blue,
    okabeIto.vermillion,
    okabeIto.bluishGreen,
    okabeIto.reddishPurple,
    okabeIto.black,
  ],
  dark: [
    okabeIto.skyBlue,
    okabeIto.orange,
    okabeIto.bluishGreen,
    okabeIto.reddishPurple,
    okabeIto.yellow,
  ],
};

export const dashPatterns = ['', '8 4', '2 3', '10 3 2 3', '4 4', '1 5'] as const;

/** Marker shapes of recharts' Symbols, also used as legend icons. */
export const markerShapes = ['circle', 'square', 'triangle', 'diamond', 'star', 'cross'] as const;
export type MarkerShape = (typeof markerShapes)[number];

export type SeriesStyle = { color: string; dash: string; marker: MarkerShape };

export function seriesStyle(index: number, scheme: Scheme): SeriesStyle {
  const colors = seriesColors[scheme];
  return {
    color: colors[index % colors.length]!,
    dash: dashPatterns[index % dashPatterns.length]!,
    marker: markerShapes[index % markerShapes.length]!,
  };
}

/** Hard bounces: vermillion with hatching; soft: blue, solid. */
export const bounceColors: Record<Scheme, { hard: string; soft: string }> = {
  light: { hard: okabeIto.vermillion, soft: okabeIto.blue },
  dark: { hard: okabeIto.orange, soft: okabeIto.skyBlue },
};
