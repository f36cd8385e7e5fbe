import { createList, create, expect, signIn, test, unique } from './support/fixtures';
import type { Page } from '@playwright/test';

// Local times in a zone with DST, so the UTC shown beside them is known.
test.use({ timezoneId: 'Europe/Zurich' });

async function chooseList(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'List', exact: true }).fill(name);
  await page.getByRole('option', { name }).click();
}

test.describe('mailing composer', () => {
  test('composes a text mailing with list defaults and a schedule, reviews it, creates it', async ({
    page,
    api,
  }) => {
    const list = await createList(api, {
      default_from_name: 'Acme News',
      default_from_email: 'news@acme.example',
      default_replyto_email: 'help@acme.example',
    });
    const name = unique('Text mailing');
    await signIn(page, '/mailings/new');
    await chooseList(page, list.name);
    await expect(page.getByLabel('Defaults of the list')).toContainText(
      'From: Acme News <news@acme.example>',
    );
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByLabel('Subject').fill('Hello there');
    await expect(page.getByLabel('From name')).toHaveAttribute('placeholder', 'Acme News');
    await page.getByLabel('From address').fill('sales@acme.example');
    await page.getByText('Plain text', { exact: true }).click();
    await page
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('Plain words for everyone.');
    await page.getByRole('button', { name: 'Add delivery' }).click();
    await page.getByLabel('Delivery 1 (local time)').fill('2030-05-01T10:00');
    await expect(page.getByLabel('Delivery 1 in UTC')).toHaveText('Sent as 2030-05-01 08:00 UTC');
    await page.getByRole('button', { name: 'Add delivery' }).click();
    await page.getByLabel('Delivery 2 (local time)').fill('2020-01-01T09:00');
    await expect(page.getByText('In the past')).toBeVisible();

    await page.getByRole('button', { name: 'Review' }).click();
    const review = page.getByRole('table', { name: 'Variants to send' });
    await expect(review.getByRole('row', { name: /From name/ })).toContainText(
      'Acme Newslist default',
    );
    await expect(review.getByRole('row', { name: /From address/ })).toContainText(
      'sales@acme.example',
    );
    await expect(review.getByRole('row', { name: /From address/ })).not.toContainText(
      'list default',
    );
    await expect(review.getByRole('row', { name: /Deliveries/ })).toContainText(
      '2030-05-01 08:00 UTC',
    );
    await expect(review.getByRole('row', { name: /Deliveries/ })).toContainText('in the past');

    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/mailings') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create mailing' }).click();
    const body = (await request).postDataJSON() as { variants: Record<string, unknown>[] };
    expect(body.variants[0]).toEqual({
      language: ['en'],
      from_email: 'sales@acme.example',
      subject: 'Hello there',
      layout: { text: 'Plain words for everyone.' },
      deliveries: [
        { scheduled_datetime: '2030-05-01T08:00:00.000Z' },
        { scheduled_datetime: '2020-01-01T08:00:00.000Z' },
      ],
    });
    await expect(
      page.getByRole('status').filter({ hasText: `Mailing “${name}” created` }),
    ).toBeVisible();
    const variant = page.getByRole('region', { name: 'Variant English (en)' });
    await expect(variant).toContainText('Acme News <sales@acme.example>');
    await expect(variant).toContainText('Reply-to: help@acme.example');
    await expect(variant.getByText('Plain words for everyone.')).toBeVisible();

    await page.getByRole('link', { name: 'All mailings' }).click();
    await chooseList(page, list.name);
    await expect(page).toHaveURL(new RegExp(`list=${list.id}`));
    await expect(page.getByRole('table', { name: 'Mailings' })).toContainText(name);
  });

  test('zips a folder of HTML and images per language, previews the images, creates the mailing', async ({
    page,
    api,
  }) => {
    const list = await createList(api, { languages: ['en', 'de'], default_language: 'en' });
    const name = unique('Folder mailing');
    await signIn(page, '/mailings/new');
    await chooseList(page, list.name);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);

    await page.getByLabel('Subject').fill('Verify your email');
    await page.getByText('HTML layout', { exact: true }).click();
    await page.getByLabel('Layout folder').setInputFiles('e2e/fixtures/layouts/colorlib-10');
    const enImages = page.getByRole('table', { name: 'Images of the English (en) layout' });
    await expect(enImages.getByRole('row', { name: /images\/email\.png/ })).toContainText(
      'referenced, present',
      { timeout: 20_000 },
    );
    await expect(
      page.getByText('folder “colorlib-10” (2 files) — zipped in your browser'),
    ).toBeVisible();
    const enPreview = page.frameLocator('iframe[title="Preview of the English (en) layout"]');
    await expect
      .poll(() =>
        enPreview
          .locator('img[alt="Verify your email"]')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.getByText('Mobile', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Mobile' })).toBeChecked();
    await expect(page.locator('iframe[title="Preview of the English (en) layout"]')).toHaveCSS(
      'width',
      '375px',
    );

    await page.getByRole('button', { name: 'Add language' }).click();
    await page.getByRole('menuitem', { name: 'German (de)' }).click();
    await expect(page.getByRole('tab', { name: 'German (de)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByLabel('Subject').fill('Ihr Warenkorb vermisst Sie');
    await page.getByText('HTML layout', { exact: true }).click();
    await page.getByLabel('Layout folder').setInputFiles('e2e/fixtures/layouts/colorlib-12');
    const deImages = page.getByRole('table', { name: 'Images of the German (de) layout' });
    await expect(deImages.getByRole('row', { name: /person_2\.jpg/ })).toContainText(
      'present, unused',
      {
        timeout: 20_000,
      },
    );
    await expect(deImages.getByRole('row', { name: /prod-1\.jpg/ })).toContainText(
      'referenced, present',
    );
    await expect(page.getByLabel('Ignored files of the German (de) layout')).toContainText(
      '.DS_Store',
    );
    await page.getByRole('button', { name: 'Add delivery' }).click();
    await page.getByLabel('Delivery 1 (local time)').fill('2031-01-15T07:30');
    await expect(page.getByLabel('Delivery 1 in UTC')).toHaveText('Sent as 2031-01-15 06:30 UTC');

    await page.getByRole('button', { name: 'Review' }).click();
    const review = page.getByRole('table', { name: 'Variants to send' });
    await expect(review.getByRole('row', { name: /Layout/ })).toContainText('1 image');
    await expect(review.getByRole('row', { name: /Layout/ })).toContainText('2 images');
    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/mailings') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create mailing' }).click();
    const body = (await request).postDataJSON() as { variants: { layout: { zip_file: string } }[] };
    for (const v of body.variants)
      expect(v.layout.zip_file.startsWith('data:application/zip;charset=utf-8;base64,')).toBe(true);

    await expect(
      page.getByRole('status').filter({ hasText: `Mailing “${name}” created` }),
    ).toBeVisible();
    const created = page.frameLocator('iframe[title="Layout of English (en)"]');
    await expect(created.locator('img[alt="Verify your email"]')).toHaveAttribute(
      'src',
      /^\/media\/layouts\/\d+\/images\/email\.png$/,
    );
    await expect
      .poll(() =>
        created
          .locator('img[alt="Verify your email"]')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);

    await page.getByRole('link', { name: 'All mailings' }).click();
    await expect(page.getByRole('table', { name: 'Mailings' })).toBeVisible();
    await chooseList(page, list.name);
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Variant German (de)' })).toContainText(
      'Ihr Warenkorb vermisst Sie',
    );
  });

  test('a duplicate name lands on the Name field and everything entered stays', async ({
    page,
    api,
  }) => {
    const list = await createList(api);
    const name = unique('Taken name');
    await create(api, '/mailings', {
      list: list.id,
      name,
      variants: [{ subject: 'x', layout: { text: 'x' } }],
    });
    await signIn(page, '/mailings/new');
    await chooseList(page, list.name);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByLabel('Subject').fill('Second try');
    await page.getByText('Plain text', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Body text');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: 'Create mailing' }).click();
    const nameField = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(nameField).toHaveAccessibleDescription(/mailing with this name already exists\./);
    await expect(nameField).toBeFocused();
    await expect(page.getByLabel('Subject')).toHaveValue('Second try');
    await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue('Body text');
  });

  test('keeps the draft through a reload and asks before leaving', async ({ page, api }) => {
    const list = await createList(api, { languages: ['en', 'fr'] });
    await signIn(page, '/mailings/new');
    await chooseList(page, list.name);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Draft survives');
    await page.getByLabel('Subject').fill('Kept subject');
    await page.getByText('HTML layout', { exact: true }).click();
    await page.getByLabel('Layout folder').setInputFiles('e2e/fixtures/layouts/colorlib-10');
    await expect(
      page.getByRole('table', { name: 'Images of the English (en) layout' }),
    ).toBeVisible({
      timeout: 20_000,
    });

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      // Chromium sometimes closes the beforeunload prompt of a reload itself before it can be
      // answered ("No dialog is showing"); the reload goes on either way.
      dialog.accept().catch(() => {});
    });
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
      'Draft survives',
    );
    await expect(page.getByLabel('Subject')).toHaveValue('Kept subject');
    await expect(
      page.getByRole('table', { name: 'Images of the English (en) layout' }),
    ).toContainText('images/email.png', { timeout: 20_000 });
    expect(dialogs).toContain('beforeunload');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Lists' })
      .click();
    const prompt = page.getByRole('dialog', { name: 'Leave the new mailing?' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/mailings\/new/);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Lists' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard draft and leave' }).click();
    await expect(page.getByRole('heading', { name: 'Lists', level: 1 })).toBeVisible();
    await page.goto('/mailings/new');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  });
});
