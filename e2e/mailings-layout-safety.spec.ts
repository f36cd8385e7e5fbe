import JSZip from 'jszip';
import { createList, expect, signIn, test } from './support/fixtures';
import type { Page } from '@playwright/test';

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [path, content] of Object.entries(files)) zip.file(path, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function openHtmlLayout(page: Page, listName: string) {
  await signIn(page, '/mailings/new');
  await page.getByRole('combobox', { name: 'List', exact: true }).fill(listName);
  await page.getByRole('option', { name: listName }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Safety ${Date.now()}`);
  await page.getByLabel('Subject').fill('Subject');
  await page.getByText('HTML layout', { exact: true }).click();
}

test.describe('layout inspector and preview', () => {
  test('a zip without index.html at its root is blocked with what to fix', async ({
    page,
    api,
  }) => {
    const list = await createList(api);
    await openHtmlLayout(page, list.name);
    await page.getByLabel('Layout files').setInputFiles({
      name: 'newsletter.zip',
      mimeType: 'application/zip',
      buffer: await zipOf({ 'newsletter/index.html': '<p>Hi</p>', 'newsletter/images/a.txt': 'x' }),
    });
    const inspection = page.getByRole('region', { name: 'Inspection of the English (en) layout' });
    await expect(inspection.getByRole('alert')).toContainText(
      'The archive has no index.html at its root (found "newsletter/index.html"). Zip the contents of the folder, not the folder itself.',
    );
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/mailings') && r.method() === 'POST') posted = true;
    });
    await page.getByRole('button', { name: 'Review' }).click();
    await expect(
      page.getByText('The layout has 1 problem to fix first (see the inspection).'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create mailing' })).toHaveCount(0);
    expect(posted).toBe(false);
  });

  test('index.html chosen with its image is zipped with the image under images/', async ({
    page,
    api,
  }) => {
    const list = await createList(api);
    await openHtmlLayout(page, list.name);
    await page
      .getByLabel('Layout files')
      .setInputFiles([
        'e2e/fixtures/layouts/colorlib-10/index.html',
        'e2e/fixtures/layouts/colorlib-10/images/email.png',
      ]);
    const images = page.getByRole('table', { name: 'Images of the English (en) layout' });
    await expect(images.getByRole('row', { name: /images\/email\.png/ })).toContainText(
      'referenced, present',
      { timeout: 20_000 },
    );
    await expect(page.getByText('2 files — zipped in your browser')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Inspection of the English (en) layout' })
        .getByRole('status'),
    ).toContainText('Ready to send');
  });

  test('a layout with <script> never runs in the sandboxed preview', async ({ page, api }) => {
    const list = await createList(api);
    await openHtmlLayout(page, list.name);
    const title = await page.title();
    await page.getByLabel('Layout files').setInputFiles({
      name: 'scripted.zip',
      mimeType: 'application/zip',
      buffer: await zipOf({
        'index.html': [
          '<!doctype html><html><body>',
          '<p id="target">original</p>',
          '<img id="pixel" src="x" onerror="document.getElementById(\'target\').textContent=\'onerror ran\'">',
          '<script>document.getElementById("target").textContent = "script ran";',
          'try { parent.document.title = "hacked"; } catch (e) {}</script>',
          '</body></html>',
        ].join('\n'),
      }),
    });
    const iframe = page.locator('iframe[title="Preview of the English (en) layout"]');
    await expect(iframe).toBeVisible({ timeout: 20_000 });
    await expect(iframe).toHaveAttribute('sandbox', '');
    const frame = page.frameLocator('iframe[title="Preview of the English (en) layout"]');
    await expect(frame.locator('#target')).toHaveText('original');
    // Give a script that could run every chance to have run.
    await page.waitForTimeout(500);
    await expect(frame.locator('#target')).toHaveText('original');
    expect(await page.title()).toBe(title);
    const csp = await frame
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    expect(csp).toBe("default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'");
  });
});
