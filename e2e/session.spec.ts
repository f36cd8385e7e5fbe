import { admin, expect, signIn, test } from './support/fixtures';

const COOKIE = 'mailboard_session';

test.describe('browser session', () => {
  test('keeps no secret within reach of scripts, survives a reload, and ends for good at sign-out', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow(); // sign-in, reload, sign-out and a replay: several full page loads
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Lists', level: 1 })).toBeVisible();

    const cookie = (await page.context().cookies()).find((c) => c.name === COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const token = cookie!.value;
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits

    // Nothing a script of the page can read holds the password, a Basic header or the token.
    const reachable = await page.evaluate(async () => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      cookie: document.cookie,
      indexedDb: JSON.stringify(await indexedDB.databases()),
    }));
    const basic = Buffer.from(`${admin.username}:${admin.password}`).toString('base64');
    for (const [where, text] of Object.entries(reachable)) {
      for (const secret of [admin.password, basic, token])
        expect(text, `${where} holds a secret`).not.toContain(secret);
    }
    expect(reachable.cookie).not.toContain(COOKIE);
    expect(reachable.indexedDb).toBe('[]');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Lists', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Signed in as')).toHaveText(admin.username);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Mailboard' })).toBeVisible();

    // The old cookie, replayed, is refused with the usual 401.
    const replay = await playwright.request.newContext({ baseURL });
    const refused = await replay.get('/api/v1/lists', {
      headers: { Cookie: `${COOKIE}=${token}`, 'X-Mailboard-Client': 'dashboard' },
    });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ detail: 'Invalid or expired session.' });
    // An API client still gets the spec's challenge.
    const api = await replay.get('/api/v1/lists');
    expect(api.status()).toBe(401);
    expect(api.headers()['www-authenticate']).toBe('Basic realm="api"');
    await replay.dispose();

    // Put back into the browser, it does not sign anyone in either.
    await page.context().addCookies([{ ...cookie!, value: token }]);
    await page.goto('/lists');
    await expect(page.getByRole('heading', { name: 'Sign in to Mailboard' })).toBeVisible();
  });

  test('sign-out clears the drafts this tab kept', async ({ page }) => {
    await signIn(page, '/mailings/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Draft that must go');
    await expect
      .poll(() => page.evaluate(() => JSON.stringify({ ...sessionStorage })))
      .toContain('Draft that must go');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Mailboard' })).toBeVisible();
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(
      'Draft that must go',
    );
  });
});
