import path from 'node:path';
import { admin, createList, expect, signIn, test } from './support/fixtures';
import { shiftTabTo, tabTo, pressUntilFocused } from './support/keyboard';
import { addSubscriber } from './subscribers-support';

/**
 * The core support journey without a mouse: only keyboard.press and keyboard.type (and the
 * file chooser's own dialog, which the browser opens from the keyboard). Every step checks
 * where the focus is, so a control the keyboard cannot reach fails the test.
 */
const fixtures = path.join(import.meta.dirname, 'fixtures', 'csv');

test('sign in, unsubscribe and delete through row menus, import a file: keyboard only', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const list = await createList(api, { languages: ['de', 'en'], default_language: 'de' });
  const stamp = Date.now().toString(36);
  const [keep, leave] = await Promise.all(
    ['keep', 'leave'].map((n) =>
      addSubscriber(api, list.id, { email: `${n}-${stamp}@example.com` }),
    ),
  );

  // Sign in: the username field is the first stop, Enter submits.
  await page.goto(`/lists/${list.id}`);
  const username = page.getByLabel('Username');
  await tabTo(page, username);
  await page.keyboard.type(admin.username);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeFocused();
  await page.keyboard.type(admin.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: list.name })).toBeVisible();

  // The skip link is the shell's first stop and lands in the content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // The list's subscribers.
  await tabTo(page, page.getByRole('link', { name: 'Subscribers' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Subscribers' });
  const row = (email: string) => table.getByRole('row').filter({ hasText: email });
  await expect(row(leave!.email)).toBeVisible();

  // Unsubscribe one through its row menu (it takes effect at once, with a message).
  await tabTo(page, page.getByRole('button', { name: `Actions for ${leave!.email}` }));
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Unsubscribe' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${leave!.email} is now unsubscribed.`)).toBeVisible();
  await expect(row(leave!.email)).toContainText('Unsubscribed');
  // Focus goes back to the menu's button, so the next row is a Tab away.
  await expect(page.getByRole('button', { name: `Actions for ${leave!.email}` })).toBeFocused();

  // Delete the other through its row menu and confirm in the dialog.
  await tabTo(page, page.getByRole('button', { name: `Actions for ${keep!.email}` }));
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Delete' }), 10);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${keep!.email} is now deleted.`)).toBeVisible();

  // Import a file through the wizard, reached through the main navigation.
  await shiftTabTo(page, page.getByRole('link', { name: 'Import', exact: true }));
  await page.keyboard.press('Enter');
  const listField = page.getByRole('combobox', { name: 'List' });
  await tabTo(page, listField);
  await page.keyboard.type(list.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(listField).toHaveValue(list.name);

  // The drop zone opens the system's file dialog from the keyboard.
  await page.keyboard.press('Tab');
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(path.join(fixtures, 'utf8-header-de.csv'));
  await expect(page.getByLabel('Chosen file')).toContainText('utf8-header-de.csv');

  for (const next of ['Next: Format', 'Next: Columns', 'Next: Check the rows', 'Next: Import']) {
    await tabTo(page, page.getByRole('button', { name: next }));
    await page.keyboard.press('Enter');
  }
  await tabTo(page, page.getByRole('button', { name: 'Start import' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Created', exact: true })).toContainText('4');
});

test('every chart of a mailing offers its table by keyboard, named after the chart', async ({
  page,
  api,
}) => {
  const mailings = await api.get('/api/v1/mailings', { params: { page_size: 1000 } });
  const { results } = (await mailings.json()) as { results: { id: number; name: string }[] };
  const mailing = results.find((m) => m.name === 'Neu: Hüttentouren');
  expect(mailing, 'demo mailing').toBeTruthy();
  await signIn(page, `/statistics?mailing=${mailing!.id}`);

  const charts = ['Opens over time', 'Clicks over time', 'Bounces over time'];
  for (const title of [...charts, 'Hard and soft bounces', 'Top clicked links']) {
    const figure = page.getByRole('figure', { name: title });
    await expect(figure).toBeVisible();
    await tabTo(page, figure.getByRole('button', { name: `Show table of ${title}` }), 200);
    await page.keyboard.press('Enter');
    await expect(figure.getByRole('table', { name: title })).toBeVisible();
    // The button stays focused and now offers the chart back.
    await expect(figure.getByRole('button', { name: `Show chart of ${title}` })).toBeFocused();
  }
  // The time series' tables scroll on their own: focusable, so the keyboard can scroll them.
  for (const title of [...charts].reverse()) {
    await shiftTabTo(page, page.getByRole('region', { name: `${title}: table` }), 20);
  }
});
