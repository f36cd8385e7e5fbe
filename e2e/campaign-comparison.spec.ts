import { readFileSync } from 'node:fs';
import { expect, signIn, test } from './support/fixtures';

test('compares the mailings of a campaign side by side: sortable, exportable as CSV', async ({
  page,
}) => {
  await signIn(page, '/statistics');
  const section = page.getByRole('region', { name: 'Campaign comparison' });
  await section.getByRole('combobox', { name: 'Compare the mailings of a campaign' }).click();
  // The Campaign filter names the same campaigns: pick from the comparison's own list.
  await page
    .getByRole('listbox', { name: 'Compare the mailings of a campaign' })
    .getByRole('option', { name: 'Wandersommer' })
    .click();

  const table = section.getByRole('table', { name: 'Mailings of “Wandersommer” compared' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3); // header + the campaign's two mailings
  await expect(table).toContainText('Wandersommer 2025');
  await expect(table).toContainText('Frühbucher: letzte Tage');

  // Most unique clicks first, then fewest.
  const uniqueClicks = table.getByRole('button', { name: 'Unique clicks' });
  await uniqueClicks.click();
  await expect(table.getByRole('columnheader', { name: /Unique clicks/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const numberIn = async (row: number) =>
    Number(((await rows.nth(row).getByRole('cell').nth(4).textContent()) ?? '').replace(/\D/g, ''));
  expect(await numberIn(1)).toBeGreaterThanOrEqual(await numberIn(2));
  await uniqueClicks.click();
  expect(await numberIn(1)).toBeLessThanOrEqual(await numberIn(2));

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Export comparison CSV' }).click();
  const lines = readFileSync(await (await download).path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'mailing,opens,unique_opens,clicks,unique_clicks,hard_bounces,soft_bounces',
  );
  expect(lines).toHaveLength(3);
});
