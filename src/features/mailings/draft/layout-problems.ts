import { plural, t } from '@lingui/core/macro';
import { layoutMessage } from '../layout/layout-messages';
import type { ComposerValues } from './composer-values';
import type { LayoutStates } from '../layout/use-layouts';

/** Why each HTML variant cannot be sent yet (index → message); empty when all can. */
export function layoutProblems(values: ComposerValues, layouts: LayoutStates): Map<number, string> {
  const problems = new Map<number, string>();
  values.variants.forEach((variant, i) => {
    if (variant.layout.mode === 'text') return;
    const state = layouts[variant.language];
    if (!state) {
      problems.set(
        i,
        t`Add the HTML layout: drop a .zip, a folder, or index.html with its images.`,
      );
    } else if (state.status === 'running') {
      problems.set(i, t`The layout is still being prepared; wait until it is ready.`);
    } else if (state.status === 'error') {
      problems.set(i, layoutMessage(state.message));
    } else if (state.status === 'lost') {
      const label = state.label;
      problems.set(i, t`Add “${label}” again: it was too large to keep through the reload.`);
    } else if (state.layout.inspection.problems.length > 0) {
      const n = state.layout.inspection.problems.length;
      problems.set(
        i,
        variant.layout.mode === 'html'
          ? plural(n, {
              one: 'The layout has # problem to fix first (see the inspection).',
              other: 'The layout has # problems to fix first (see the inspection).',
            })
          : state.layout.inspection.problems.map(layoutMessage).join(' '),
      );
    }
  });
  return problems;
}
