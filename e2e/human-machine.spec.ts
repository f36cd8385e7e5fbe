import { create, createList, expect, signIn, test, unique } from './support/fixtures';

/**
 * Issue 51: a mailing's statistics tell people from machines. A message goes out through the
 * e2e server's outbox; a link preview, a HEAD check and clicks within seconds of sending are
 * machines; a person's click (once the first seconds have passed) and Gmail's image proxy are
 * people. The screen shows both side by side, why machines were told apart, and the clients.
 */
const SALE = 'https://shop.example.com/human-sale';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const GMAIL =
  'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';

test('a mailing’s statistics show people and machines side by side, why, and the clients', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const list = await createList(api, { double_opt_in: false });
  const email = `${unique('reader').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  await create(api, `/lists/${list.id}/subscribers`, { email });
  const mailing = await create<{ id: number }>(api, '/mailings', {
    list: list.id,
    name: unique('Human or machine'),
    variants: [
      {
        subject: unique('Sale'),
        layout: {
          text: `<!doctype html><html><body><p>See the <a href="${SALE}">sale</a>.</p></body></html>`,
        },
        deliveries: [{ scheduled_datetime: new Date().toISOString() }],
      },
    ],
  });
  let html = '';
  await expect(async () => {
    const found = await (
      await api.get(`/api/v1/outbox?search=${encodeURIComponent(email)}`)
    ).json();
    expect(found.results).toHaveLength(1);
    html = (await (await api.get(`/api/v1/outbox/${found.results[0].id}`)).json()).html;
  }).toPass({ timeout: 60_000 });
  const path = (pattern: RegExp) => new URL(pattern.exec(html)![1]!).pathname;
  const click = path(/href="([^"]+\/t\/c\/[^"]+)">sale/);
  const pixel = path(/src="([^"]+\/t\/o\/[^"]+)"/);
  const hit = (url: string, agent: string, method: 'GET' | 'HEAD' = 'GET') =>
    api.fetch(url, { method, headers: { 'user-agent': agent }, maxRedirects: 0 });

  await hit(click, 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)');
  await hit(click, CHROME, 'HEAD');
  // A person reads it once the first seconds are over: until then a click is a scanner's.
  await expect(async () => {
    await hit(click, CHROME);
    const people = await api.get(`/api/v1/statistics/clicks?mailing=${mailing.id}&class=human`);
    expect((await people.json()).count).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await hit(pixel, GMAIL);

  await signIn(page, `/statistics?mailing=${mailing.id}`);
  // Human first: the headline counts the person's click, the machines' beside it.
  const headline = page.getByRole('region', { name: 'Headline numbers' });
  const card = (name: string) => headline.getByRole('group', { name, exact: true });
  const valueOf = async (name: string) =>
    Number((await card(name).locator('p').nth(1).innerText()).replace(/\D/g, ''));
  await expect(card('Clicks by people').locator('p').nth(1)).toHaveText('1');
  await expect(card('Opens by people').locator('p').nth(1)).toHaveText('1');
  await expect(card('Clicks by people').getByText(/more by machines$/)).toHaveText(
    /^([2-9]|\d{2,}) more by machines$/,
  );
  const whose = page.getByRole('radiogroup', { name: 'Opens and clicks by' });
  await whose.getByText('All').click();
  await expect(page).toHaveURL(/[?&]hits=all/);
  await expect(card('Clicks')).toBeVisible();
  await expect.poll(() => valueOf('Clicks')).toBeGreaterThanOrEqual(3);
  await expect(card('Clicks')).not.toContainText('more by machines');
  await whose.getByText('Machines').click();
  await expect(page).toHaveURL(/[?&]hits=machine/);
  await expect(card('Opens by machines').locator('p').nth(1)).toHaveText('0');
  await whose.getByText('People').click();
  await expect(page).not.toHaveURL(/[?&]hits=/);

  const section = page.getByRole('region', { name: 'People and machines' });
  const totals = section.getByRole('table', { name: 'Opens and clicks by people and by machines' });
  await expect(totals.getByRole('row', { name: /^Opens 1 0$/ })).toBeVisible();
  const clicks = totals.getByRole('row', { name: /^Clicks/ });
  await expect(clicks.getByRole('cell').first()).toHaveText('1');
  expect(Number(await clicks.getByRole('cell').nth(1).innerText())).toBeGreaterThanOrEqual(2);

  const why = section.getByRole('table', { name: 'Why machine' });
  // Every reason that applied is shown: the preview and the check also came within seconds.
  await expect(why.getByRole('rowheader', { name: 'Security scanners' })).toBeVisible();
  await expect(why.getByRole('rowheader', { name: '· A known bot or link preview' })).toBeVisible();
  await expect(why.getByRole('rowheader', { name: '· Within seconds of sending' })).toBeVisible();
  await expect(
    why.getByRole('rowheader', { name: '· Only checked the link (HEAD)' }),
  ).toBeVisible();

  const links = section.getByRole('table', { name: 'Clicks per link by people and by machines' });
  await expect(links.getByRole('row', { name: /human-sale 1 \d+/ })).toBeVisible();

  // The click map: the layout in the sandboxed preview, the person's click on the link.
  const map = page.getByRole('region', { name: 'Click map' });
  const frame = map.locator('iframe[title="Click map of the layout"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('iframe[title="Click map of the layout"]').getByText('1 click'),
  ).toBeVisible();
  await expect(
    map
      .getByRole('table', { name: 'Clicks per link of the layout' })
      .getByRole('row', { name: /human-sale 1 \d+/ }),
  ).toBeVisible();

  // The clients chart: people by default (Gmail's proxy, a desktop browser), all on request.
  const chart = section.getByRole('figure', { name: 'Clients chart' });
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const clients = chart.getByRole('table', { name: 'Clients by family and device' });
  await expect(clients.getByRole('rowheader', { name: 'Gmail' })).toBeVisible();
  await expect(clients.getByRole('rowheader', { name: 'Device: proxy' })).toBeVisible();
  await expect(clients.getByRole('rowheader', { name: 'Device: machine' })).toHaveCount(0);
  await section.getByRole('radiogroup', { name: 'Count hits of' }).getByText('All').click();
  await expect(clients.getByRole('rowheader', { name: 'Device: machine' })).toBeVisible();
});
