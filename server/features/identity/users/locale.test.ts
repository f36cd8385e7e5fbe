import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';

/** The dashboard's language per user (issue 55): GET/PATCH /me, the page's lang, system mails. */
let t: TestContext;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'mailboard-dist-'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html>\n<html>\n<head><title>Mailboard</title></head><body></body></html>',
  );
  t = await createTestContext({ distDir });
});
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE outbox_messages, user_tokens RESTART IDENTITY`);
  await t.db.execute(sql`DELETE FROM users WHERE id <> ${t.admin.id}`);
  await t.db.execute(sql`UPDATE users SET locale = NULL`);
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const me = (acceptLanguage?: string) =>
  t.request({
    method: 'GET',
    url: '/api/v1/me',
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });

async function subjectTo(to: string): Promise<string | undefined> {
  for (let i = 0; i < 200; i++) {
    const { rows } = (await t.db.execute(
      sql`SELECT subject FROM outbox_messages WHERE recipient = ${to} ORDER BY id DESC LIMIT 1`,
    )) as unknown as { rows: { subject: string }[] };
    if (rows[0]) return rows[0].subject;
    await new Promise((r) => setTimeout(r, 10));
  }
  return undefined;
}

describe('the dashboard language of a user', () => {
  it('is the browser’s until the user saves one, then the saved one everywhere', async () => {
    expect((await me()).json().locale).toBe('en');
    expect((await me('de-CH, fr;q=0.8')).json().locale).toBe('de');
    expect((await me('it, fr;q=0.5')).json().locale).toBe('fr');

    const saved = await t.patch('/api/v1/me', { locale: 'fr' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ username: expect.any(String), locale: 'fr' });
    expect((await me('de')).json().locale).toBe('fr');
  });

  it('refuses a language the dashboard does not speak, field by field', async () => {
    const wrong = await t.patch('/api/v1/me', { locale: 'it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('locale');
    const extra = await t.patch('/api/v1/me', { locale: 'de', role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect((await me()).json().locale).toBe('en');
  });

  it('writes the page’s lang from the picked language, else Accept-Language', async () => {
    const page = (headers: Record<string, string>, url = '/') =>
      t.app.inject({ method: 'GET', url, headers });
    expect((await page({ 'accept-language': 'fr-FR' })).body).toContain('<html lang="fr">');
    expect((await page({}, '/lists/1/subscribers')).body).toContain('<html lang="en">');
    const picked = await page({ 'accept-language': 'fr', cookie: 'mailboard_locale=de' }, '/lists');
    expect(picked.body).toContain('<html lang="de">');
    expect(picked.headers.vary).toContain('Accept-Language');
  });

  it('sends invitations in the inviter’s language and resets in the user’s', async () => {
    await t.patch('/api/v1/me', { locale: 'de' });
    expect((await t.post('/api/v1/invitations', { username: 'neu@example.com' })).statusCode).toBe(
      201,
    );
    expect(await subjectTo('neu@example.com')).toBe('Einladung zu Mailboard');

    await t.db.execute(sql`UPDATE users SET locale = 'fr' WHERE id = ${t.admin.id}`);
    const [{ username }] = (
      (await t.db.execute(sql`SELECT username FROM users WHERE id = ${t.admin.id}`)) as unknown as {
        rows: { username: string }[];
      }
    ).rows as [{ username: string }];
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset',
      headers: { 'accept-language': 'de' },
      payload: { username },
    });
    expect(asked.statusCode).toBe(202);
    expect(await subjectTo(username)).toBe('Réinitialiser votre mot de passe Mailboard');
  });
});
