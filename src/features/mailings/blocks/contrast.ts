import type { Styles } from '../../../../contract/block-document';

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for body text. */
export const MIN_CONTRAST = 4.5;

/** The pairs of the global styles people must be able to read, with a message each when too faint. */
export function contrastWarnings(s: Styles): string[] {
  const pairs: [string, string, string][] = [
    ['Text', s.textColor, s.contentColor],
    ['Links', s.linkColor, s.contentColor],
    ['Button label', s.buttonTextColor, s.buttonColor],
  ];
  return pairs.flatMap(([what, fg, bg]) => {
    const ratio = contrastRatio(fg, bg);
    return ratio < MIN_CONTRAST
      ? [
          `${what}: contrast ${ratio.toFixed(1)}:1 is below ${MIN_CONTRAST}:1; some people cannot read it.`,
        ]
      : [];
  });
}
