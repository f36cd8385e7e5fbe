import type { MouseEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import classes from './skip-link.module.css';

/**
 * "Skip to content": the first focus stop of the page, visible only while focused, so a
 * keyboard user reaches the screen without tabbing through the header and navigation
 * (WCAG 2.4.1). It moves focus itself rather than following the fragment, which would put
 * "#content" into the router's URL.
 */
export function SkipLink({ target }: { target: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    element.focus();
  };
  return (
    <a href={`#${target}`} className={classes.skipLink} onClick={skip}>
      <Trans>Skip to content</Trans>
    </a>
  );
}
