import { expectNoAxeViolations } from './support/axe';
import { create, createList, expect, signIn, test, unique } from './support/fixtures';

/**
 * The preference centre (issue 50): a delivered mail's "Manage your subscription" link, read
 * from the Outbox, opens the page; switching a list off and pausing shows on the subscribers'
 * screens. axe checks the page and the link request page in English, German and French.
 */
test('the manage link from a mail switches a list off and pauses, seen in the dashboard', async ({
  page,
  api,
  browser,
}) => {
  test.setTimeout(120_000);
  const languages = ['en', 'de', 'fr'];
  const news = await createList(api, { name: unique('Prefs news'), languages });
  const offers = await createList(api, { name: unique('Prefs offers'), languages });
  const email = `${unique('prefs').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  const onNews = await create<{ id: number }>(api, `/lists/${news.id}/subscribers`, { email });
  const onOffers = await create<{ id: number }>(api, `/lists/${offers.id}/subscribers`, { email });
  const subject = unique('Prefs weekly');
  await create(api, '/mailings', {
    list: news.id,
    name: subject,
    variants: [
      {
        subject,
        layout: {
          text: '<!doctype html><html><body><p>Weekly news</p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p></body></html>',
        },
        deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
      },
    ],
  });

  // The mail, in the Outbox once the engine has sent it.
  await signIn(page, `/outbox?search=${encodeURIComponent(email)}`);
  const table = page.getByRole('table', { name: 'Outbox' });
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole('link', { name: subject })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await table.getByRole('link', { name: subject }).click();
  const manage = page
    .frameLocator(`iframe[title="HTML of “${subject}”"]`)
    .getByRole('link', { name: 'Manage your subscription' });
  const href = await manage.getAttribute('href');
  expect(href).toMatch(/\/p\/[\w.-]+$/);
  const path = new URL(href!).pathname;

  // The page, in English (the subscriber has no language; the browser asks for English).
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Your subscription', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'preference centre, en');
  await expect(page.getByRole('switch', { name: news.name })).toBeChecked();
  await page.getByRole('switch', { name: offers.name }).uncheck();
  await page.getByRole('radio', { name: 'Pause all mail for 30 days' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your choices are saved.');
  await expect(page.getByRole('switch', { name: offers.name })).not.toBeChecked();
  await expect(page.getByText(/Your mail is paused until/)).toBeVisible();

  // German and French, chosen by the browser's language.
  for (const [locale, title, request] of [
    ['de-DE', 'Ihr Abonnement', 'Abonnement verwalten'],
    ['fr-FR', 'Votre abonnement', 'Gérer votre abonnement'],
  ] as const) {
    const context = await browser.newContext({ locale, baseURL: new URL(page.url()).origin });
    const other = await context.newPage();
    await other.goto(path);
    await expect(other.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
    await expectNoAxeViolations(other, `preference centre, ${locale}`);
    await other.goto('/p');
    await expect(other.getByRole('heading', { name: request, level: 1 })).toBeVisible();
    await expectNoAxeViolations(other, `link request page, ${locale}`);
    await context.close();
  }
  await page.goto('/p');
  await expectNoAxeViolations(page, 'link request page, en');

  // The dashboard: unsubscribed from one list, paused on the other.
  await page.goto(`/lists/${offers.id}/subscribers/${onOffers.id}`);
  await expect(page.getByText('Unsubscribed', { exact: true }).first()).toBeVisible();
  await page.goto(`/lists/${news.id}/subscribers/${onNews.id}`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(/Mail paused until .* \(resumes by itself\)/)).toBeVisible();
  await expect(history.getByText(/the recipient's preference centre/).first()).toBeVisible();
  await page.goto(`/lists/${news.id}/subscribers`);
  // Controlled by the URL: the switch turns on once the route has the parameter.
  await page.getByRole('switch', { name: 'Paused only' }).click();
  await expect(page).toHaveURL(/[?&]paused=true/);
  await expect(page.getByRole('switch', { name: 'Paused only' })).toBeChecked();
  await expect(page.getByRole('table').getByText(email)).toBeVisible();
});
