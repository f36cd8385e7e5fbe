import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { buildZip, zipDataUri } from '../../../test/zip-fixtures.js';
import { createList } from '../../../test/lists.js';

/** The composer's "Send a test": a variant not yet stored, sent through the embedded outbox. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ sending: { publicUrl: 'http://mail.example.test/' } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const png = readFileSync(
  new URL('../../../../e2e/fixtures/layouts/colorlib-10/images/email.png', import.meta.url),
);
const layout = (html: string) => ({
  zip_file: zipDataUri(buildZip({ 'index.html': html, 'images/pic.png': png })),
  text: 'Hello {{ first_name | default: "you" }}: https://example.org/sale',
});
const HTML =
  '<html><body><h1>Hello {{ first_name | default: "you" }}</h1>' +
  '<img src="images/pic.png" alt="Pic"><a href="https://example.org/sale">Sale</a></body></html>';

async function lastMessage() {
  const [item] = (await t.get('/api/v1/outbox')).json().results;
  return { item, message: (await t.get(`/api/v1/outbox/${item.id}`)).json() };
}

describe('test messages from the composer', () => {
  it('renders the draft as sending would, for a chosen subscriber, its images served', async () => {
    const list = await createList(t);
    const ada = await t.post(`/api/v1/lists/${list}/subscribers`, {
      email: 'ada@x.test',
      first_name: 'Ada',
    });
    const res = await t.post(`/api/v1/lists/${list}/test-messages`, {
      email: 'me@x.test',
      subscriber: ada.json().id,
      variant: { subject: 'News for {{ first_name }}', layout: layout(HTML) },
    });
    expect(res.statusCode).toBe(202);
    const { item, message } = await lastMessage();
    expect(item).toMatchObject({ to: 'me@x.test', subject: 'News for Ada', mailing: null });
    expect(message.headers['Message-ID']).toBe(res.json().message_id);
    expect(message.html).toContain('Hello Ada');
    expect(message.text).toContain('Hello Ada: https://example.org/sale');
    // Links untracked (nothing signed for a test); the unsubscribe link as in every message.
    expect(message.html).toContain('href="https://example.org/sale"');
    expect(message.headers['List-Unsubscribe']).toMatch(/^<http:\/\/mail\.example\.test\/u\//);
    const src = /src="(http:\/\/mail\.example\.test(\/media\/tests\/[\w-]{43}\.png))"/.exec(
      message.html,
    );
    expect(src).not.toBeNull();
    const image = await t.app.inject({ method: 'GET', url: src![2]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/media/tests/${'a'.repeat(43)}.png`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('without a subscriber, tags take their defaults; the list gives the sender', async () => {
    const list = await createList(t);
    const res = await t.post(`/api/v1/lists/${list}/test-messages`, {
      email: 'me@x.test',
      variant: { subject: 'Plain', layout: layout(HTML) },
    });
    expect(res.statusCode).toBe(202);
    const { message } = await lastMessage();
    expect(message.html).toContain('Hello you');
    const defaults = (await t.get(`/api/v1/lists/${list}`)).json();
    expect(message.from).toContain(defaults.default_from_email);
  });

  it('refuses what a mailing would refuse, by field, and sends nothing', async () => {
    const list = await createList(t);
    const other = await createList(t);
    const stranger = await t.post(`/api/v1/lists/${other}/subscribers`, { email: 's@x.test' });
    const bad = await t.post(`/api/v1/lists/${list}/test-messages`, {
      email: 'nope',
      variant: { subject: 'x', layout: { text: 'x' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('email');
    const res = await t.post(`/api/v1/lists/${list}/test-messages`, {
      email: 'me@x.test',
      subscriber: stranger.json().id,
      variant: {
        subject: 'Size {{ shoe_size }}',
        layout: { zip_file: 'data:application/zip;base64,aGVsbG8=' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      subscriber: [expect.stringContaining('no subscriber of this list')],
      variant: {
        subject: [expect.stringContaining('shoe_size')],
        layout: { zip_file: ['The file is not a valid zip archive.'] },
      },
    });
    const missing = await t.post('/api/v1/lists/999999/test-messages', {
      email: 'me@x.test',
      variant: { subject: 'x', layout: { text: 'x' } },
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.get('/api/v1/outbox')).json().count).toBe(0);
  });
});
