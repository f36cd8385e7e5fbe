import type { Page } from '@playwright/test';
import { create, createList, expect, signIn, test, unique } from './support/fixtures';

/**
 * The block editor, end to end: a mailing made of blocks only, previewed at both widths,
 * saved as a template, kept through a reload (its blocks reopen from the draft's
 * mailboard.json) and edited, sent as a test before it exists, scheduled, sent by the
 * server's engine into the embedded outbox and read there; then duplicated (its blocks
 * reopen) and started again from the template.
 */
const SALE = 'https://shop.example.com/sale';

const localNow = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  });

test('a mailing made of blocks is previewed, tested, sent, read, duplicated and templated', async ({
  page,
  api,
}) => {
  test.setTimeout(180_000);
  const list = await createList(api, { double_opt_in: false });
  const email = `${unique('blocks').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  await create(api, `/lists/${list.id}/subscribers`, { email, first_name: 'Ada' });
  const subject = unique('Spring blocks');

  await signIn(page, '/lists');
  await page.goto('/mailings/new');
  await page.getByRole('combobox', { name: 'List', exact: true }).fill(list.name);
  await page.getByRole('option', { name: list.name }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(subject);
  await page.getByLabel('Subject').fill(subject);
  await expect(page.getByRole('radio', { name: 'Blocks' })).toBeChecked();

  const heading = page.getByRole('group', { name: 'Heading 1' });
  await heading
    .getByLabel('Heading 1 text')
    .fill('Spring news for {{ first_name | default: "you" }}');
  const text = page.getByRole('group', { name: 'Text 2' }).getByRole('textbox', {
    name: 'Text 2 content',
  });
  await text.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Read the blog at https://shop.example.com/blog today.');

  const add = async (kind: string) => {
    await page.getByRole('button', { name: 'Add block', exact: true }).click();
    await page.getByRole('menuitem', { name: kind, exact: true }).click();
  };
  await add('Image');
  const image = page.getByRole('group', { name: 'Image 3' });
  const chooser = page.waitForEvent('filechooser');
  await image.getByRole('button', { name: 'Choose the image of Image 3' }).click();
  await (await chooser).setFiles('e2e/fixtures/layouts/colorlib-10/images/email.png');
  await expect(image.getByText('images/email.png')).toBeVisible();
  await image.getByLabel('Image 3 alt text').fill('An envelope');

  await add('Button');
  const button = page.getByRole('group', { name: 'Button 4' });
  await button.getByLabel('Button 4 label').fill('Shop now');
  await button.getByLabel('Button 4 link').fill(SALE);

  await add('Columns');
  const columns = page.getByRole('group', { name: 'Columns 5' });
  await expect(columns.getByRole('group', { name: /^Column \d$/ })).toHaveCount(2);
  await expect(page.getByRole('group', { name: 'Footer 6' })).toBeVisible();

  // Keyboard reordering: the button goes above the image, and back.
  await button.getByRole('button', { name: 'Move Button 4 up' }).click();
  await expect(page.getByRole('group', { name: 'Button 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('group', { name: 'Button 4' })).toBeVisible();

  // Preview: desktop and 390 px side by side, the chosen subscriber's name filled in.
  const preview = page.getByRole('button', { name: 'Preview', exact: true });
  await expect(preview).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByText('Rendering…')).toHaveCount(0, { timeout: 20_000 });
  await preview.click();
  const dialog = page.getByRole('dialog', { name: /^Preview of the/ });
  await expect(dialog.getByTitle('Desktop preview')).toHaveCSS('width', '680px');
  await expect(dialog.getByTitle('Phone, 390 px preview')).toHaveCSS('width', '390px');
  const phone = page.frameLocator('iframe[title="Phone, 390 px preview"]');
  await expect(phone.getByRole('heading', { name: 'Spring news for Alex' })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Shop now' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Preview as' }).click();
  await page.getByRole('option', { name: email }).click();
  await expect(phone.getByRole('heading', { name: 'Spring news for Ada' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Saved as a template of this list (opened again at the end, after the next edit).
  const templateName = unique('Spring template');
  await page.getByRole('button', { name: 'Save as template' }).click();
  const saving = page.getByRole('dialog', { name: 'Save as template' });
  await saving.getByLabel('Template name').fill(templateName);
  await saving.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(`Template “${templateName}” saved.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Review' })).toHaveCount(0);

  // Reopen: after a reload the blocks come back from the draft; edit one.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Button 4' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Button 4 label')).toHaveValue('Shop now');
  await page.getByLabel('Heading 1 text').fill('Spring news, {{ first_name | default: "you" }}');
  await expect(page.getByRole('button', { name: 'Preview', exact: true })).toBeEnabled({
    timeout: 20_000,
  });
  await expect(page.getByText('Rendering…')).toHaveCount(0, { timeout: 20_000 });

  // A test of the unsaved variant, filled in as Ada, rendered by the server as sending does.
  const tester = email.replace('@example.com', '@tests.example.org');
  await page.getByRole('button', { name: 'Send a test' }).click();
  const testing = page.getByRole('dialog', { name: /^Send a test of the/ });
  await testing.getByLabel("Test recipient's email").fill(tester);
  await testing.getByRole('combobox', { name: 'Fill in as' }).click();
  await page.getByRole('option', { name: email }).click();
  await testing.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(`Test sent to ${tester}`)).toBeVisible();
  // Sending the test (a form in a dialog) did not also submit the composer.
  await expect(page.getByRole('heading', { name: 'Review' })).toHaveCount(0);
  const tests = await (await api.get(`/api/v1/outbox?search=${encodeURIComponent(tester)}`)).json();
  const sentTest = await (await api.get(`/api/v1/outbox/${tests.results[0].id}`)).json();
  expect(sentTest.subject).toBe(subject);
  expect(sentTest.html).toContain('Spring news, Ada');
  const testImage = /src="https?:\/\/[^/"]+(\/media\/tests\/[\w-]+\.png)"/.exec(sentTest.html);
  expect((await api.get(testImage![1]!)).headers()['content-type']).toBe('image/png');

  await page.getByRole('button', { name: 'Add delivery' }).click();
  await page.getByLabel('Delivery 1 (local time)').fill(await localNow(page));
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await page.getByRole('button', { name: 'Create mailing' }).click();
  await expect(page.getByText(`Mailing “${subject}” created.`)).toBeVisible();
  const mailingPage = await page
    .getByRole('link', { name: 'Open the mailing' })
    .getAttribute('href');

  // The message as the subscriber receives it (the server's outbox, no SMTP_URL in e2e).
  await expect
    .poll(
      async () =>
        (await (await api.get(`/api/v1/outbox?search=${encodeURIComponent(email)}`)).json()).count,
      { timeout: 90_000 },
    )
    .toBe(1);
  await page.goto(`/outbox?search=${encodeURIComponent(email)}`);
  await page.getByRole('table', { name: 'Outbox' }).getByRole('link', { name: subject }).click();
  const mail = page.frameLocator(`iframe[title="HTML of “${subject}”"]`);
  await expect(mail.getByRole('heading', { name: 'Spring news, Ada' })).toBeVisible();
  const src = await mail.getByRole('img', { name: 'An envelope' }).getAttribute('src');
  expect(src).toMatch(/\/media\/layouts\/\d+\/images\/email\.png$/);
  expect((await api.get(new URL(src!).pathname)).headers()['content-type']).toBe('image/png');
  await expect(mail.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', /\/t\/c\//);
  await expect(mail.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute('href', /\/u\//);

  await page.getByRole('tab', { name: 'Plain text' }).click();
  const part = page.getByRole('tabpanel');
  await expect(part).toContainText('Spring news, Ada');
  await expect(part).toContainText(/Shop now: \S+\/t\/c\//);
  await expect(part).toContainText(/Unsubscribe: \S+\/u\//);

  // Duplicate: a new mailing with the same blocks, under a new name and without deliveries.
  await page.goto(mailingPage!);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { name: 'New mailing' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    `${subject} (copy)`,
  );
  await expect(page.getByLabel('Heading 1 text')).toHaveValue(
    'Spring news, {{ first_name | default: "you" }}',
    { timeout: 20_000 },
  );
  await expect(page.getByLabel('Button 4 link')).toHaveValue(SALE);
  await expect(page.getByLabel('Delivery 1 (local time)')).toHaveCount(0);

  // Started again from the template saved before the last edit.
  await page.getByRole('combobox', { name: 'Start from a template' }).click();
  await page.getByRole('option', { name: `${templateName} (this list)` }).click();
  await page.getByRole('button', { name: 'Use template' }).click();
  await expect(page.getByLabel('Heading 1 text')).toHaveValue(
    'Spring news for {{ first_name | default: "you" }}',
    { timeout: 20_000 },
  );
});
