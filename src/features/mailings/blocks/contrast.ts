import type { Styles } from '../../../../contract/block-document';
import { contrastRatio } from '../../../lib/contrast';

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
