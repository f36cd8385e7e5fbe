import type { Cookie, Page } from '@playwright/test';
import { expectNoAxeViolations, setColorScheme, type ColorScheme } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { prepareScreenData, screens, type Screen, type ScreenData } from './support/screens';

/**
 * WCAG 2.2 A/AA on every screen (support/screens.ts), in both colour schemes, with data on
 * it and with its dialogs open, checked by axe-core in Chromium: one test per screen and
 * scheme, each reporting every violation of the screen and its states (soft).
 *
 * The data and the session are made once per worker and shared by these read-only checks
 * (the states only open dialogs and never confirm them).
 */
let data: Promise<ScreenData> | undefined;
let session: Cookie[] | undefined;

async function signedIn(page: Page) {
  if (session) return page.context().addCookies(session);
  await signIn(page, '/lists');
  session = await page.context().cookies();
}

async function load(page: Page, screen: Screen, screenData: ScreenData) {
  await page.goto(screen.path(screenData));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await screen.ready?.(page, screenData);
}

for (const scheme of ['light', 'dark'] as ColorScheme[]) {
  test.describe(`${scheme} mode`, () => {
    for (const screen of screens) {
      test(`${screen.name} meets WCAG 2.2 AA`, async ({ page, api }) => {
        test.setTimeout(180_000);
        const screenData = await (data ??= prepareScreenData(api));
        await setColorScheme(page, scheme);
        if (!screen.signedOut) await signedIn(page);

        await load(page, screen, screenData);
        await setColorScheme(page, scheme);
        await expectNoAxeViolations(page, `${screen.name} (${scheme})`, { soft: true });
        for (const state of screen.states ?? []) {
          await test.step(state.name, async () => {
            await load(page, screen, screenData);
            await state.open(page, screenData);
            await expectNoAxeViolations(page, `${screen.name}, ${state.name} (${scheme})`, {
              soft: true,
            });
          });
        }
      });
    }
  });
}
