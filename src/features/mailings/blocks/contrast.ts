import { t } from '@lingui/core/macro';
import { numberFormat } from '../../../lib/format';
import type { Styles } from '../../../../contract/block-document';
import { contrastRatio } from '../../../lib/contrast';

/** WCAG AA for body text. */
export const MIN_CONTRAST = 4.5;

/** The pairs of the global styles people must be able to read, with a message each when too faint. */
export function contrastWarnings(s: Styles): string[] {
  const pairs: [string, string, string][] = [
    [t`Text`, s.textColor, s.contentColor],
    [t`Links`, s.linkColor, s.contentColor],
    [t`Button label`, s.buttonTextColor, s.buttonColor],
  ];
  return pairs.flatMap(([what, fg, bg]) => {
    const ratio = contrastRatio(fg, bg);
    const oneDecimal = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const found = oneDecimal.format(ratio);
    const minimum = oneDecimal.format(MIN_CONTRAST);
    return ratio < MIN_CONTRAST
      ? [t`${what}: contrast ${found}:1 is below ${minimum}:1; some people cannot read it.`]
      : [];
  });
}
