import { readFileSync } from 'node:fs';
import { expect, signIn, test } from './support/fixtures';

const DEMO_MAILING = 'Wandersommer 2025';

test('from a mailing’s statistics to the people who clicked: table, CSV, saved as a segment', async ({
  page,
  api,
}) => {
  const mailings = (await (await api.get('/api/v1/mailings?page_size=100')).json()) as {
    results: { id: number; name: string }[];
  };
  const id = mailings.results.find((m) => m.name === DEMO_MAILING)!.id;

  await signIn(page, `/statistics?mailing=${id}`);
  const links = page.getByRole('region', { name: 'People behind the numbers' });
  await links.getByRole('link', { name: 'People who clicked', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: `People who clicked “${DEMO_MAILING}”` }),
  ).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: /^[\d,]+ (people|person)$/ });
  await expect(status).toBeVisible();
  const count = Number((await status.textContent())!.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: 'People' });
  await expect(table.getByRole('link').first()).toHaveAttribute(
    'href',
    /\/lists\/\d+\/subscribers\/\d+$/,
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('email,first_name,last_name,subscription');
  expect(lines).toHaveLength(count + 1);

  await page.getByRole('link', { name: 'Save as segment' }).click();
  await expect(page.getByRole('heading', { name: 'New segment' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Matching people' }).getByRole('status'),
  ).toHaveText(`${count.toLocaleString('en')} ${count === 1 ? 'person matches' : 'people match'}`);
  await page.getByRole('textbox', { name: 'Segment name' }).fill(`Clickers ${Date.now()}`);
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByRole('heading', { name: /^Clickers \d+$/ })).toBeVisible();
});
