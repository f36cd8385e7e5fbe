import type { Page } from '@playwright/test';
import { createList, expect, signIn, test, unique } from './support/fixtures';
import { addSubscriber } from './subscribers-support';
import { expectNoAxeViolations } from './support/axe';
import { pressUntilFocused } from './support/keyboard';

const PHONE = { width: 390, height: 844 };

/** The page must not scroll sideways: wide tables scroll inside their own container. */
async function expectNoOverflow(page: Page, path: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    offenders: Array.from(
      document.querySelectorAll('button, a, input, select, textarea, [role="tab"]'),
    )
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // Controls inside a sideways-scrolling container are reachable by scrolling it.
        let parent = el.parentElement;
        while (parent && parent !== document.body) {
          const style = getComputedStyle(parent);
          if (/(auto|scroll)/.test(style.overflowX) && parent.scrollWidth > parent.clientWidth)
            return false;
          parent = parent.parentElement;
        }
        return box.width > 0 && box.right > window.innerWidth + 1;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
      ),
  }));
  expect(widths.page, `${path}: the page is wider than the screen`).toBeLessThanOrEqual(
    widths.viewport,
  );
  expect(widths.offenders, `${path}: controls outside the viewport`).toEqual([]);
}

test('every screen is usable 390 px wide', async ({ page, api }) => {
  test.setTimeout(180_000);
  const list = await createList(api);
  const s = await addSubscriber(api, list.id, {
    email: 'a.rather.long.address.for.a.phone@example.com',
    first_name: 'Zoë',
  });
  await page.setViewportSize(PHONE);
  await signIn(page, '/lists');
  const screens = [
    '/lists',
    '/lists/new',
    `/lists/${list.id}`,
    `/lists/${list.id}/edit`,
    `/lists/${list.id}/subscribers`,
    `/lists/${list.id}/subscribers/new`,
    `/lists/${list.id}/subscribers/${s.id}`,
    `/lists/${list.id}/subscribers/${s.id}/edit`,
    `/lists/${list.id}/imports`,
    '/import',
    '/mailings',
    '/mailings/new',
    '/statistics',
    '/regions',
    '/languages',
    '/people?search=zo',
    `/people/person?email=${encodeURIComponent(s.email)}`,
  ];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Let late content (tables, charts) arrive before measuring.
    await page.waitForLoadState('networkidle');
    await expectNoOverflow(page, path);
  }
});

test('on a phone the header actions are one menu, usable by keyboard', async ({ page, api }) => {
  const list = await createList(api);
  const token = unique('phone').replace(/\W/g, '').toLowerCase();
  await addSubscriber(api, list.id, { email: `${token}@example.com`, first_name: 'Zoë' });
  await page.setViewportSize(PHONE);
  await signIn(page, '/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  // No wrapped row of buttons: the header holds the navigation toggle and one menu.
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Switch to (dark|light) mode/ })).toHaveCount(0);
  const menu = page.getByRole('button', { name: 'More actions' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Find people' }));
  await expectNoAxeViolations(page, 'header menu open at 390 px');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/people$/);
  const search = page.getByRole('searchbox', { name: 'Find people' });
  await search.fill(token);
  await search.press('Enter');
  await expect(
    page.getByRole('table', { name: 'People found' }).getByRole('row').filter({ hasText: token }),
  ).toBeVisible();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Mailboard' })).toBeVisible();
});
