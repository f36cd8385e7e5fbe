import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createList, expect, signIn, test } from './support/fixtures';

const ROWS = 300_000;

/** A generated export of ROWS rows (~30 MB), written piece by piece. */
async function generate(file: string) {
  const out = createWriteStream(file);
  out.write('email,first_name,last_name,date_of_birth,region,address\n');
  let block = '';
  for (let i = 0; i < ROWS; i++) {
    const email = i % 1000 === 7 ? `broken-${i}` : `user${i}@example.com`;
    block += `${email},Jürgen,"Müller",19${50 + (i % 50)}-0${(i % 9) + 1}-1${i % 9},DE,"${i % 900} Main Street, Springfield"\n`;
    if (block.length > 1 << 20) {
      if (!out.write(block)) await once(out, 'drain');
      block = '';
    }
  }
  out.end(block);
  await once(out, 'finish');
}

test('a large file previews from its start and is checked in the background, with cancel', async ({
  page,
  api,
}) => {
  test.setTimeout(180_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'mailboard-import-'));
  const file = path.join(dir, 'large.csv');
  await generate(file);
  try {
    const list = await createList(api);
    await signIn(page, `/import?list=${list.id}`);
    // Long main-thread tasks are recorded and reported (never asserted: timings vary).
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((entries) => {
        for (const e of entries.getEntries()) w.longTasks.push(Math.round(e.duration));
      }).observe({ type: 'longtask' });
    });
    await page.getByLabel('CSV file').setInputFiles(file);
    await expect(page.getByLabel('Chosen file')).toContainText('MB');
    await page.getByRole('button', { name: 'Next: Format' }).click();
    await expect(page.getByText('read from its first 64 kB')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Preview of the file' })).toContainText('Müller');
    await page.getByRole('button', { name: 'Next: Columns' }).click();
    await page.getByRole('button', { name: 'Next: Check the rows' }).click();

    // The page answers while the worker reads the file: the check can be cancelled.
    await expect(page.getByText(/Checked [\d,]+ rows/)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel check' }).click();
    await expect(page.getByText('The rows are not checked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next: Import' })).toBeDisabled();

    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByRole('group', { name: 'Rows', exact: true })).toContainText('300,000', {
      timeout: 120_000,
    });
    await expect(page.getByRole('group', { name: 'Invalid', exact: true })).toContainText('300');
    await expect(page.getByRole('group', { name: 'Valid', exact: true })).toContainText('299,700');
    await expect(page.getByRole('button', { name: 'Next: Import' })).toBeEnabled();

    const longTasks = await page.evaluate(
      () => (window as unknown as { longTasks: number[] }).longTasks,
    );
    test.info().annotations.push({
      type: 'main-thread tasks over 50 ms',
      description: JSON.stringify(longTasks),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
