import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every success criterion of WCAG 2.2 levels A and AA that axe-core checks. */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's best-practice rules for the page's structure, checked as well: one `main`, all
 * content in landmarks, a level-1 heading, headings in order (WCAG 1.3.1 and 2.4.1 in
 * spirit; axe files them as best practice, not under a WCAG tag).
 */
export const STRUCTURE_RULES = [
  'landmark-one-main',
  'region',
  'page-has-heading-one',
  'heading-order',
  'landmark-unique',
  'skip-link',
];

/**
 * The rules whose outcome depends on the colours, the only thing a colour scheme changes:
 * checked again in the second scheme (`colourOnly`), where the structure, names and roles
 * already checked in the first would only repeat.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export type ColorScheme = 'light' | 'dark';

/**
 * Puts the page into a colour scheme the way a user's system does: the dashboard follows
 * `prefers-color-scheme` until the toggle stores a choice (app/providers.tsx), and the stored
 * choice is cleared so the system preference decides. Works before or after `goto`.
 */
export async function setColorScheme(page: Page, scheme: ColorScheme) {
  await page.emulateMedia({ colorScheme: scheme });
  if (page.url().startsWith('http')) {
    await page.evaluate(() => localStorage.removeItem('mailboard.color-scheme'));
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  }
}

/**
 * Waits until no transition or finite animation runs (a dialog fading in has half its
 * contrast), for a few seconds at most: a busy machine is no reason to skip the check.
 */
async function settle(page: Page) {
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return animation.playState !== 'running' || timing?.iterations === Infinity;
        }),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * Runs axe-core on the page as it is now (open dialogs and menus included), with the WCAG
 * 2.2 A/AA rules and the structure rules above, and fails with
 * one readable line per violation and element. `context` names the screen and state in
 * the failure ("subscribers, dark, bulk dialog open"). `soft` records the failure and goes
 * on, so one run lists every screen's problems.
 */
export async function expectNoAxeViolations(
  page: Page,
  context: string,
  { soft = false, colourOnly = false }: { soft?: boolean; colourOnly?: boolean } = {},
) {
  await settle(page);
  if (colourOnly) {
    const colour = await new AxeBuilder({ page })
      .withRules(COLOUR_RULES)
      .exclude('iframe[sandbox]')
      .analyze();
    return report(colour.violations, context, soft);
  }
  // A sandboxed frame shows a customer's layout or message, untrusted HTML that is not the
  // dashboard's to fix (the frame element itself, its title, is still checked); axe cannot
  // run inside a frame without scripts either, and waits there until the test times out.
  const wcag = await new AxeBuilder({ page })
    .withTags(WCAG_22_AA_TAGS)
    .exclude('iframe[sandbox]')
    .analyze();
  // Menus, toasts and dialogs live in portals at the end of <body>: transient layers, not
  // page regions (a dialog's <header> is no second banner). The WCAG pass checks them.
  const structure = await new AxeBuilder({ page })
    .withRules(STRUCTURE_RULES)
    .exclude('[data-portal]')
    .exclude('iframe[sandbox]')
    .analyze();
  report([...wcag.violations, ...structure.violations], context, soft);
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

function report(violations: Violations, context: string, soft: boolean) {
  const found = violations.flatMap((violation) =>
    violation.nodes.slice(0, 8).map((node) => {
      const detail = node.any[0]?.message ?? node.failureSummary ?? '';
      return `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${detail}`;
    }),
  );
  (soft ? expect.soft : expect)(found, `WCAG 2.2 AA violations on ${context}`).toEqual([]);
}
