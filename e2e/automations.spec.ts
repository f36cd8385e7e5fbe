import { expectNoAxeViolations } from './support/axe';
import { create, createList, expect, signIn, test } from './support/fixtures';

test.describe('automations', () => {
  test('builds a welcome sequence, activates it, and a new subscriber gets the welcome', async ({
    page,
    api,
  }) => {
    const list = await createList(api);
    await create(api, '/mailings', {
      list: list.id,
      name: `Welcome ${list.id}`,
      variants: [{ subject: 'Welcome', layout: { text: 'Hello and welcome.' } }],
    });

    await signIn(page, `/lists/${list.id}`);
    await page.getByRole('main').getByRole('link', { name: 'Automations' }).click();
    await expect(page.getByRole('heading', { name: 'Automations' })).toBeVisible();
    await page.getByRole('link', { name: 'New automation' }).click();

    await page.getByRole('button', { name: 'Create automation' }).click();
    await expect(page.getByText('This field may not be blank.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill('Welcome sequence');
    await page.getByRole('combobox', { name: 'Step 1 mailing' }).click();
    await page.getByRole('option', { name: `Welcome ${list.id}` }).click();
    await page.getByRole('combobox', { name: 'Time zone' }).fill('Tokyo');
    await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
    await page.getByRole('button', { name: 'Add wait' }).click();
    await expect(page.getByRole('textbox', { name: 'Step 2 wait' })).toHaveValue('1');
    await page.getByRole('button', { name: 'Create automation' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome sequence' })).toBeVisible();
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

    await create(api, `/lists/${list.id}/subscribers`, { email: 'new@x.example' });
    const step1 = page.getByRole('region', { name: 'Step 1' });
    await expect(step1.getByLabel('Step counts')).toContainText('sent 1', { timeout: 30_000 });
    await page.reload();
    await expect(page.getByRole('table', { name: 'Runs' })).toContainText('new@x.example');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');

    // The step's statistics: the Statistics screen filtered on this automation and step.
    await step1.getByRole('link', { name: 'Statistics of step 1' }).click();
    const filters = page.getByRole('region', { name: 'Filters' });
    await expect(
      filters.getByRole('combobox', { name: 'Automation' }).locator('option:checked'),
    ).toHaveText('Welcome sequence');
    const stepFilter = filters.getByRole('combobox', { name: 'Step' });
    await expect(stepFilter.locator('option:checked')).toHaveText(`Step 1: Welcome ${list.id}`);
    await stepFilter.selectOption({ label: 'All send steps' });
    await expect(page).not.toHaveURL(/step=/);
    await page.goBack();
    await expect(page).toHaveURL(/step=1/);
    await page.goBack();

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'automation builder at 390 px');
    await page.getByRole('main').getByRole('link', { name: 'Automations' }).first().click();
    await expect(page.getByRole('table', { name: 'Automations' })).toContainText(
      'Welcome sequence',
    );
  });
});
