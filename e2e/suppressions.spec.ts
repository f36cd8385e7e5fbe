import { create, createList, expect, signIn, test, unique } from './support/fixtures';

/**
 * The suppression list and the brake (issue 52): the Suppression list screen (add, search,
 * import, export, remove), and a delivery that paused itself in a bounce storm showing why
 * on its mailing page. Each test makes its own data.
 */
const slug = (prefix: string) => unique(prefix).replace(/\s+/g, '-').toLowerCase();

test('the Suppression list: add, search, import, export and remove', async ({ page }) => {
  const tag = slug('sup');
  await signIn(page, '/lists');
  await page.getByRole('link', { name: 'Suppression list' }).click();
  await expect(page.getByRole('heading', { name: 'Suppression list' })).toBeVisible();

  await page.getByLabel('Address or domain to suppress').fill(`${tag}.one@example.com`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Address or domain to suppress').fill('not an address');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Enter a domain such as example.com.')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'suppress.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,reason\n${tag}.two@example.com,complaint\n${tag}-domain.example,\n`),
  });
  await expect(page.getByText('Imported: 2 added, 0 already listed, 0 refused.')).toBeVisible();

  await page.getByLabel('Search by the start of an address or domain').fill(tag);
  const table = page.getByRole('table', { name: 'Suppressed addresses' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(
    table.getByRole('row', { name: new RegExp(`${tag}\\.two@example\\.com Complaint`) }),
  ).toBeVisible();
  await expect(
    table.getByRole('cell', { name: `Every address at ${tag}-domain.example`, exact: true }),
  ).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('suppressions.csv');

  await table.getByRole('button', { name: `Remove ${tag}.one@example.com` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
});

test('a delivery paused by the brake shows the rate on its mailing page', async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(120_000);
  const list = await createList(api, { double_opt_in: false });
  const mailing = await create<{ id: number }>(api, '/mailings', {
    list: list.id,
    name: unique('Braked'),
    variants: [{ subject: unique('Welcome'), layout: { text: 'Welcome aboard.' } }],
  });
  // An automation's send step stays running while people keep arriving: 20 of them.
  const automation = await create<{ id: number }>(api, `/lists/${list.id}/automations`, {
    name: unique('Welcome'),
    trigger: { type: 'subscribed' },
    steps: [{ type: 'send', mailing: mailing.id }],
  });
  await create(api, `/lists/${list.id}/automations/${automation.id}/activate`, {});
  const tag = slug('brake');
  const emails = Array.from({ length: 20 }, (_, i) => `${tag}.${i}@bounce.example`);
  for (const email of emails) await create(api, `/lists/${list.id}/subscribers`, { email });
  await expect
    .poll(
      async () => {
        const [d] = await (await api.get(`/api/v1/mailings/${mailing.id}/deliveries`)).json();
        return d?.progress?.sent ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBe(20);
  // Two hard bounces of twenty: 10 %, above the 5 % line.
  for (const email of emails.slice(0, 2)) {
    const res = await request.post('/api/v1/bounces', {
      headers: { Authorization: 'Bearer e2e-bounce-webhook-token' },
      data: { email, mailing: mailing.id, hard: true },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  await signIn(page, `/mailings/${mailing.id}`);
  const card = page.getByRole('region', { name: /^Delivery of/ });
  await expect(card.getByLabel('Status: Paused')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Paused by the brake: too many hard bounces')).toBeVisible();
  await expect(
    card.getByText(
      'Hard-bounce rate 10 % (2 of 20 sent) is above the 5 % line (BOUNCE_PAUSE_RATE).',
    ),
  ).toBeVisible();
  const byDomain = card.getByRole('table', { name: 'Rates by recipient domain' });
  await expect(
    byDomain.getByRole('row', { name: /bounce\.example 20 0 \(0 %\) 2 \(10 %\)/ }),
  ).toBeVisible();
});
