import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { create, createList, expect, test, unique } from './support/fixtures';

/**
 * The dashboard in German (issue 55): a browser that prefers German sees the sign-in screen
 * in German before anyone signs in, walks the main screens by their German names and labels
 * (axe checks names, labels and `lang` in German on a few), then switches to French with the
 * language picker in the header. One walk, not a second run of the whole suite: what each
 * screen shows is checked softly, so one run lists every screen still in English.
 */
test.use({ locale: 'de-DE' });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

async function open(page: Page, link: string, heading: string) {
  await nav(page).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
}

test('a German browser walks the main screens in German, then switches to French', async ({
  page,
  api,
}) => {
  test.slow();
  const list = await createList(api, { name: unique('Deutsche Liste') });
  // Its own admin: the walk saves French on the account it signs in with, and the other
  // specs' shared admin must stay in English.
  const walker = {
    username: `${unique('walker').replace(' ', '-')}@example.com`,
    password: 'walker-password-123',
  };
  await create(api, '/users', { ...walker, role: 'admin' });

  await test.step('sign-in, before signing in', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bei Mailboard anmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expectNoAxeViolations(page, 'sign-in (de)', { soft: true });
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Geben Sie Ihren Benutzernamen ein.')).toBeVisible();
    await page.getByLabel('Benutzername').fill(walker.username);
    await page.getByRole('textbox', { name: 'Passwort' }).fill(walker.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
  });

  await test.step('home', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeAttached();
    await expect.soft(page.getByRole('region', { name: 'Publikum' })).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    await expectNoAxeViolations(page, 'home (de)', { soft: true });
  });

  await test.step("lists and a list's subscribers", async () => {
    await open(page, 'Listen', 'Listen');
    await expect.soft(page.getByRole('link', { name: 'Neue Liste' })).toBeVisible();
    await expect.soft(page.getByRole('columnheader', { name: /Abonnenten/ })).toBeVisible();
    await expectNoAxeViolations(page, 'lists (de)', { soft: true });
    await page.getByRole('link', { name: list.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: list.name })).toBeVisible();
    // The list's own screen names its subscribers link; the walk goes on by address if not.
    const subscribers = page.getByRole('link', { name: 'Abonnenten', exact: true });
    await expect.soft(subscribers).toBeVisible();
    await page.goto(`/lists/${list.id}/subscribers`);
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    await expect.soft(page.getByRole('navigation', { name: 'Brotkrumennavigation' })).toBeVisible();
    await expect.soft(page.getByRole('link', { name: 'Neuer Abonnent' })).toBeVisible();
    await expectNoAxeViolations(page, 'subscribers (de)', { soft: true });
  });

  await test.step('mailings and statistics', async () => {
    await open(page, 'Mailings', 'Mailings');
    await expect.soft(page.getByRole('link', { name: 'Neues Mailing' })).toBeVisible();
    await expect.soft(page.getByRole('columnheader', { name: /Name/ })).toBeVisible();
    await open(page, 'Statistiken', 'Statistiken');
    await expect.soft(page.getByText(/Öffnungen/).first()).toBeVisible();
  });

  await test.step('settings', async () => {
    await open(page, 'Versand-Einrichtung', 'Versand-Einrichtung');
    await expectNoAxeViolations(page, 'sending setup (de)', { soft: true });
    await open(page, 'Benutzer', 'Benutzer');
    await expect.soft(page.getByRole('button', { name: 'Benutzer einladen' })).toBeVisible();
    await open(page, 'Sicherheit', 'Sicherheit');
    await open(page, 'API-Token', 'API-Token');
    await open(page, 'Webhooks', 'Webhooks');
    await open(page, 'Regionen & Sprachen', 'Regionen & Sprachen');
  });

  await test.step('a language whose messages do not arrive is said so, and the screen stays German', async () => {
    const offline = '**/assets/fr-*.js';
    await page.route(offline, (route) => route.abort('internetdisconnected'));
    await page.getByRole('combobox', { name: 'Sprache des Dashboards' }).selectOption('fr');
    await expect(
      page.getByText('Die Sprache konnte nicht geladen werden. Prüfen Sie die Verbindung'),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('combobox', { name: 'Sprache des Dashboards' })).toHaveValue('de');
    // Nothing was saved: back online, the reloaded page still speaks German.
    await page.unroute(offline);
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Regionen & Sprachen', exact: true }),
    ).toBeVisible();
  });

  await test.step('the language picker switches to French', async () => {
    await page.getByRole('combobox', { name: 'Sprache des Dashboards' }).selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Régions et langues', exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', {
        name: 'Listes',
        exact: true,
      }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Listes', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Listes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nouvelle liste' })).toBeVisible();
  });
});
