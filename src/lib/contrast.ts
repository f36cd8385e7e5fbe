/**
 * WCAG 2.2 contrast arithmetic (relative luminance, contrast ratio) on opaque sRGB colours
 * written as `#rgb`, `#rrggbb` or `rgb()/rgba()` (alpha ignored: every pair we check is
 * opaque). The SPA's one copy: the theme derives its accessible colours with it, the block
 * composer warns about faint styles (features/mailings/blocks/contrast.ts), tests prove both.
 */
export type Rgb = readonly [number, number, number];

export function parseColor(color: string): Rgb {
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`Not a colour this helper reads: ${color}`);
}

export const toHex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

export function relativeLuminance(color: string): number {
  const [r, g, b] = parseColor(color).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` mixed with `toward` (black or white) by `amount` (0–1), as #rrggbb. */
function mix(color: string, toward: Rgb, amount: number): string {
  const from = parseColor(color);
  return toHex(from.map((c, i) => c + (toward[i]! - c) * amount) as unknown as Rgb);
}

/**
 * The colour closest to `color` (darker on light backgrounds, lighter on dark ones) that has
 * at least `min` contrast against every one of `backgrounds`; `color` itself when it already
 * has. Keeps the hue, so a red stays recognisably red.
 */
export function ensureContrast(color: string, backgrounds: readonly string[], min: number) {
  const meets = (c: string) => backgrounds.every((bg) => contrastRatio(c, bg) >= min);
  if (meets(color)) return toHex(parseColor(color));
  const darkBackground = backgrounds.every((bg) => relativeLuminance(bg) < 0.18);
  const toward: Rgb = darkBackground ? [255, 255, 255] : [0, 0, 0];
  for (let step = 1; step <= 100; step++) {
    const candidate = mix(color, toward, step / 100);
    if (meets(candidate)) return candidate;
  }
  return toHex(toward);
}
