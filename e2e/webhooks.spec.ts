import { expect, signIn, test } from './support/fixtures';

test.describe('Webhooks', () => {
  test('adds an endpoint, shows its secret once, sends a test event and shows the attempt', async ({
    page,
  }) => {
    await signIn(page, '/lists');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('form', { name: 'Webhook endpoint' });
    // A loopback receiver: this server (no WEBHOOK_ALLOW_PRIVATE) refuses to call it.
    await form.getByLabel('URL').fill('http://127.0.0.1:9/hook');
    await form.getByRole('checkbox', { name: 'subscriber.created' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByLabel('Secret', { exact: true })).toContainText('whsec_');
    await page.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('region', { name: 'Endpoint http://127.0.0.1:9/hook' });
    await card.getByRole('button', { name: 'Send test event' }).click();
    const attempts = page.getByRole('table', { name: 'Recent attempts' });
    await expect(attempts.getByText('no answer')).toBeVisible({ timeout: 15_000 });
    await expect(attempts.getByText(/private or loopback/)).toBeVisible();
    await attempts.getByRole('button', { name: /^Payload of attempt/ }).click();
    await expect(page.getByLabel('Payload JSON')).toContainText('"type": "webhook.test"');
    await page.keyboard.press('Escape');

    // The API reference lists the events' payloads.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'API reference' })
      .click();
    const events = page.getByRole('region', { name: 'webhook events' });
    // The document is generated on the server's first request for it: slow on a busy machine.
    await expect(events.getByRole('region', { name: 'POST subscriber.created' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      events
        .getByRole('table', { name: 'Parameters of POST import.finished' })
        .getByText('skipped_existing'),
    ).toBeVisible();
  });
});
