import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { buildZip, fixtureLayoutFiles, zipDataUri } from '../../test/zip-fixtures.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

async function createMailing(layout: Record<string, unknown>, name = 'Zipped') {
  const list = (
    await t.post('/api/v1/lists', {
      name: 'News',
      default_from_name: 'Acme',
      default_from_email: 'news@acme.example',
    })
  ).json().id;
  const res = await t.post('/api/v1/mailings', {
    list,
    name,
    variants: [
      { subject: 'Hi', layout, deliveries: [{ scheduled_datetime: '2030-01-01T00:00:00Z' }] },
    ],
  });
  expect(res.statusCode).toBe(201);
  return { list, mailing: res.json() };
}

/** A request as a mail client sends it: no credentials. */
const anonymous = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('zipped layouts', () => {
  it('imports the referenced images, rewrites index.html and serves them publicly', async () => {
    const files = fixtureLayoutFiles('colorlib-10');
    const { mailing } = await createMailing({
      text: 'Plain text',
      zip_file: zipDataUri(buildZip(files), 'application/x-zip-compressed'),
    });
    const layout = mailing.variants[0].layout;
    const url = `/media/layouts/${layout.id}/images/email.png`;
    expect(layout.source).toContain(`src="${url}"`);
    expect(layout.source).not.toContain('"images/email.png"');
    expect(layout.source).toMatch(/^<!doctype html>/);

    const image = await anonymous(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(Buffer.from(files['images/email.png']!))).toBe(true);

    const etag = image.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await anonymous(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const weakInList = await anonymous(url, { 'if-none-match': `"other", W/${etag}` });
    expect(weakInList.statusCode).toBe(304);
    expect((await anonymous(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('404s images that were not imported and unknown layouts', async () => {
    const { mailing } = await createMailing({
      zip_file: zipDataUri(buildZip(fixtureLayoutFiles('colorlib-12'))),
    });
    const id = mailing.variants[0].layout.id;
    expect(
      (await anonymous(`/media/layouts/${id}/images/prod-1.jpg`)).headers['content-type'],
    ).toBe('image/jpeg');
    for (const path of [
      `/media/layouts/${id}/images/person_2.jpg`,
      `/media/layouts/${id}/images/.DS_Store`,
      `/media/layouts/${id}/index.html`,
      `/media/layouts/${id + 1}/images/prod-1.jpg`,
      '/media/layouts/abc/images/prod-1.jpg',
    ]) {
      const res = await anonymous(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('serves names with spaces and takes the source from the zip when text is also given', async () => {
    const { mailing } = await createMailing({
      text: 'ignored',
      zip_file: zipDataUri(
        buildZip({
          'index.html': '<img src="images/my%20logo.gif">',
          'images/my logo.gif': new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]),
        }),
      ),
    });
    const id = mailing.variants[0].layout.id;
    expect(mailing.variants[0].layout.source).toBe(
      `<img src="/media/layouts/${id}/images/my%20logo.gif">`,
    );
    const image = await anonymous(`/media/layouts/${id}/images/my%20logo.gif`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/gif');
  });

  it('deleting the list removes mailings, layouts, images, deliveries and statistics', async () => {
    const { list, mailing } = await createMailing({
      zip_file: zipDataUri(buildZip(fixtureLayoutFiles('colorlib-10'))),
    });
    await t.db.execute(sql`
      INSERT INTO stat_opens (delivery_id, mailing_id, campaign, email, datetime)
        SELECT id, ${mailing.id}, NULL, 'a@x.example', now() FROM deliveries`);
    await t.db.execute(sql`
      INSERT INTO stat_clicks (delivery_id, mailing_id, campaign, email, datetime, url)
        SELECT id, ${mailing.id}, NULL, 'a@x.example', now(), 'https://x.example' FROM deliveries`);
    await t.db.execute(sql`
      INSERT INTO stat_bounces (delivery_id, mailing_id, campaign, email, datetime, hard)
        SELECT id, ${mailing.id}, NULL, 'a@x.example', now(), true FROM deliveries`);
    const tables = {
      mailings: schema.mailings,
      variants: schema.variants,
      layouts: schema.layouts,
      layout_files: schema.layoutFiles,
      deliveries: schema.deliveries,
      stat_opens: schema.opens,
      stat_clicks: schema.clicks,
      stat_bounces: schema.bounces,
    };
    const counts = async () => {
      const result: Record<string, number> = {};
      for (const [name, table] of Object.entries(tables)) {
        result[name] = (await t.db.select({ n: count() }).from(table))[0]!.n;
      }
      return result;
    };
    expect(Object.values(await counts()).every((n) => n > 0)).toBe(true);
    expect((await t.delete(`/api/v1/lists/${list}`)).statusCode).toBe(204);
    expect(await counts()).toEqual(
      Object.fromEntries(Object.keys(tables).map((name) => [name, 0])),
    );
    const image = await anonymous(
      `/media/layouts/${mailing.variants[0].layout.id}/images/email.png`,
    );
    expect(image.statusCode).toBe(404);
  });
});
