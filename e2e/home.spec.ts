import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, setColorScheme } from './support/axe';
import { admin, create, createList, expect, test, unique } from './support/fixtures';

/**
 * The home (issue 56): the landing page after sign-in, each card only for roles that may
 * read it, the demo's story on it (growth, the live delivery, the welcome automation), the
 * navigation in two groups, and growth and churn on the statistics screen.
 */
const PASSWORD = 'home-password-123';

async function signInAs(page: Page, username: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

test('each built-in role lands on its home, with the cards and navigation it may use', async ({
  page,
  api,
}) => {
  test.slow(); // four sign-ins
  const expected: Record<string, { cards: string[]; hidden: string[]; nav: string[] }> = {
    admin: {
      cards: ['Audience', 'Running and scheduled', 'Last mailings'],
      hidden: [],
      nav: ['Users', 'Webhooks', 'Sending setup'],
    },
    marketer: {
      cards: ['Audience', 'Running and scheduled', 'Last mailings'],
      hidden: [],
      nav: ['Mailings', 'Automations', 'Statistics'],
    },
    analyst: {
      cards: ['Audience', 'Running and scheduled', 'Last mailings'],
      hidden: [],
      nav: ['Statistics', 'Automations'],
    },
    support: {
      cards: ['Audience', 'Running and scheduled'],
      hidden: ['Last mailings'],
      nav: ['Lists'],
    },
  };
  for (const [role, want] of Object.entries(expected)) {
    const username = `${unique(`home-${role}`).replace(/\W/g, '').toLowerCase()}@example.com`;
    await create(api, '/users', { username, password: PASSWORD, role });
    await page.context().clearCookies();
    await signInAs(page, username);
    for (const name of want.cards) await expect(card(page, name)).toBeVisible();
    // No DKIM in the e2e server: the sender domains fail DMARC, which only settings may fix.
    await expect(page.getByRole('alert', { name: 'Needs attention' })).toHaveCount(
      role === 'admin' ? 1 : 0,
    );
    for (const name of want.hidden) await expect(card(page, name)).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    for (const name of want.nav) await expect(nav.getByRole('link', { name })).toBeVisible();
    if (role !== 'admin') {
      for (const name of ['Users', 'Audit log', 'Sending setup', 'Webhooks'])
        await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    if (role === 'support') {
      for (const name of ['Mailings', 'Statistics', 'Automations'])
        await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  }
});

test("the demo's home tells its story, folds its settings by keyboard, and passes axe in light and dark", async ({
  page,
}) => {
  await signInAs(page, admin.username, admin.password);

  // Growth: the demo lists with their active subscribers, and the chart of the first.
  const audience = card(page, 'Audience');
  const perList = audience.getByRole('table', { name: 'Active subscribers per list' });
  await expect(perList.getByRole('row')).not.toHaveCount(1);
  await expect(perList).toContainText('Acme');
  await expect(audience.getByLabel('Growth of the list')).toBeVisible();
  await expect(audience.locator('svg.recharts-surface').first()).toBeVisible();
  // The live delivery (running, or done already on a fast machine) and the waiting automation.
  const running = card(page, 'Running and scheduled');
  await expect(page.getByRole('main')).toContainText('Lumière');
  await expect(running).toContainText(/runs? waiting/);
  await expect(
    card(page, 'Last mailings')
      .getByRole('link', { name: /^Statistics of / })
      .first(),
  ).toBeVisible();

  // The settings group folds by keyboard and its choice holds.
  const settings = page.getByRole('button', { name: 'Settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(settings).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Webhooks' })).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Webhooks' })).toBeVisible();

  await expectNoAxeViolations(page, 'home (light)');
  await setColorScheme(page, 'dark');
  await expectNoAxeViolations(page, 'home (dark)', { colourOnly: true });
  await setColorScheme(page, 'light');

  // On a phone the navigation is behind its toggle, and both groups are in it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(page.getByRole('button', { name: 'Work' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Statistics', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
});

test('the statistics screen charts growth and churn, exports it, and names who unsubscribed', async ({
  page,
  api,
}) => {
  const list = await createList(api);
  const people = ['ann', 'ben', 'cid'].map(
    (n) => `${unique(n).replace(/\W/g, '').toLowerCase()}@example.com`,
  );
  const ids: number[] = [];
  for (const email of people)
    ids.push((await create<{ id: number }>(api, `/lists/${list.id}/subscribers`, { email })).id);
  await create(api, `/lists/${list.id}/subscribers/${ids[1]}/unsubscribe`, {});

  await page.goto(`/statistics?growth_list=${list.id}`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const section = page.getByRole('region', { name: 'Audience growth and churn' });
  const today = new Date().toISOString().slice(0, 10);
  const row = section.getByRole('row', { name: new RegExp(today) });
  await expect(row).toContainText(list.name);
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');

  await row.getByRole('button', { name: `Who unsubscribed from ${list.name} on ${today}` }).click();
  const dialog = page.getByRole('dialog', { name: `Unsubscribed from ${list.name} on ${today}` });
  await expect(dialog.getByRole('link', { name: people[1] })).toBeVisible();
  await expect(dialog.getByRole('link')).toHaveCount(1);
  await page.keyboard.press('Escape');

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Export growth CSV' }).click();
  const lines = readFileSync(await (await download).path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe(
    'list_id,list,bucket,subscribed,confirmed,unsubscribed,bounced,complained,deleted,active',
  );
  expect(lines).toContain(`${list.id},${list.name},${today},3,0,1,0,0,0,2`);
});
