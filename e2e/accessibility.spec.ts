import type { Cookie, Page } from '@playwright/test';
import { expectNoAxeViolations, setColorScheme } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { prepareScreenData, screens, type Screen, type ScreenData } from './support/screens';

/**
 * WCAG 2.2 A/AA on every screen (support/screens.ts), with data on it and with its dialogs
 * open, checked by axe-core in Chromium: one test per screen, reporting every violation of
 * the screen and its states (soft). Each state is checked in the light scheme, then switched
 * to dark in place and its colours checked again (the structure does not change with it).
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
  await setColorScheme(page, 'light');
  await page.goto(screen.path(screenData));
  await setColorScheme(page, 'light');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await screen.ready?.(page, screenData);
}

/** The page as it is now in both schemes: everything in light, the colours again in dark. */
async function checkBothSchemes(page: Page, context: string) {
  await expectNoAxeViolations(page, `${context} (light)`, { soft: true });
  await setColorScheme(page, 'dark');
  await expectNoAxeViolations(page, `${context} (dark)`, { soft: true, colourOnly: true });
}

for (const screen of screens) {
  test(`${screen.name} meets WCAG 2.2 AA in light and dark mode`, async ({ page, api }) => {
    test.setTimeout(180_000);
    const screenData = await (data ??= prepareScreenData(api));
    if (!screen.signedOut) await signedIn(page);

    await load(page, screen, screenData);
    await checkBothSchemes(page, screen.name);
    for (const state of screen.states ?? []) {
      await test.step(state.name, async () => {
        await load(page, screen, screenData);
        await state.open(page, screenData);
        await checkBothSchemes(page, `${screen.name}, ${state.name}`);
      });
    }
  });
}
