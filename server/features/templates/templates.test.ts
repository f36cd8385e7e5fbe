import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { buildZip, zipDataUri } from '../../test/zip-fixtures.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function newList() {
  return (
    await t.post('/api/v1/lists', {
      name: 'News',
      default_from_name: 'Acme',
      default_from_email: 'news@acme.example',
    })
  ).json().id as number;
}

const blocksZip = (html: string) =>
  zipDataUri(
    buildZip({
      'index.html': html,
      'images/photo.png': PNG,
      'mailboard.json': JSON.stringify({ format: 'mailboard.blocks', version: 1, blocks: [] }),
    }),
  );

describe('personalisation tags on save', () => {
  it('refuses a field the list does not have, before any delivery is scheduled', async () => {
    const list = await newList();
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'Tagged',
      variants: [
        {
          subject: 'Hi {{ frist_name }}',
          layout: {
            text: 'Hi {{ plan | default: "free" }}',
            zip_file: blocksZip('<p>{{ company }}</p><img src="images/photo.png" alt="">'),
          },
          deliveries: [{ scheduled_datetime: '2030-01-01T00:00:00Z' }],
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    const variant = res.json().variants[0];
    expect(variant.subject[0]).toMatch(/^\{\{ frist_name \}\} names no field/);
    expect(variant.layout.text[0]).toMatch(/^\{\{ plan \}\} names no field/);
    expect(variant.layout.zip_file[0]).toMatch(/^\{\{ company \}\} names no field/);
    expect((await t.get('/api/v1/mailings')).json().count).toBe(0);

    // An unreadable zip is reported beside the text's unknown tag, not instead of it.
    const both = await t.post('/api/v1/mailings', {
      list,
      name: 'Tagged',
      variants: [
        {
          subject: 'Hi',
          layout: { text: 'Hi {{ plan }}', zip_file: 'data:application/zip;base64,aGVsbG8=' },
        },
      ],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({
      variants: [
        {
          layout: {
            text: [expect.stringMatching(/^\{\{ plan \}\} names no field/)],
            zip_file: ['The file is not a valid zip archive.'],
          },
        },
      ],
    });

    // Once the list has the field, the same tags are accepted.
    for (const name of ['plan', 'company']) {
      expect(
        (await t.post(`/api/v1/lists/${list}/fields`, { name, label: name, type: 'string' }))
          .statusCode,
      ).toBe(201);
    }
    const ok = await t.post('/api/v1/mailings', {
      list,
      name: 'Tagged',
      variants: [
        {
          subject: 'Hi {{ first_name | default: "there" }}',
          layout: {
            text: 'Hi {{ plan | default: "free" }}',
            zip_file: blocksZip('<p>{{ company }}</p><img src="images/photo.png" alt="">'),
          },
        },
      ],
    });
    expect(ok.statusCode).toBe(201);

    // The stored layout comes back as a zip with its block document and relative images.
    const layoutId = ok.json().variants[0].layout.id;
    const layout = (await t.get(`/api/v1/layouts/${layoutId}`)).json();
    expect(layout.text).toBe('Hi {{ plan | default: "free" }}');
    const files = unzipSync(Buffer.from(layout.zip_file.split(',')[1], 'base64'));
    expect(strFromU8(files['index.html']!)).toBe(
      '<p>{{ company }}</p><img src="images/photo.png" alt="">',
    );
    expect(Buffer.from(files['images/photo.png']!).equals(PNG)).toBe(true);
    expect(JSON.parse(strFromU8(files['mailboard.json']!)).format).toBe('mailboard.blocks');
    expect((await t.get('/api/v1/layouts/999999')).statusCode).toBe(404);
  });
});

describe('templates', () => {
  it('saves, lists per list and globally, reads and deletes', async () => {
    const list = await newList();
    const other = await newList();
    const zip = blocksZip('<p>Hello</p>');
    const global = await t.post('/api/v1/templates', {
      name: 'Letter',
      layout: { text: 'Dear reader' },
    });
    expect(global.statusCode).toBe(201);
    expect(global.json()).toMatchObject({ name: 'Letter', list: null, layout: { zip_file: null } });
    const own = await t.post('/api/v1/templates', {
      name: 'News',
      list,
      layout: { zip_file: zip },
    });
    expect(own.statusCode).toBe(201);

    const names = async (query: string) =>
      (await t.get(`/api/v1/templates${query}`))
        .json()
        .results.map((r: { name: string }) => r.name);
    expect(await names(`?list=${list}`)).toEqual(['News', 'Letter']);
    expect(await names(`?list=${other}`)).toEqual(['Letter']);

    const read = (await t.get(`/api/v1/templates/${own.json().id}`)).json();
    expect(read.layout.zip_file).toBe(
      zip.replace(/^data:[^,]*,/, 'data:application/zip;charset=utf-8;base64,'),
    );

    expect((await t.post('/api/v1/templates', { name: '', layout: {} })).json()).toMatchObject({
      name: expect.any(Array),
      layout: expect.anything(),
    });
    expect(
      (
        await t.post('/api/v1/templates', { name: 'X', list: 999999, layout: { text: 'x' } })
      ).json(),
    ).toEqual({
      list: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await t.delete(`/api/v1/templates/${own.json().id}`)).statusCode).toBe(204);
    expect((await t.get(`/api/v1/templates/${own.json().id}`)).statusCode).toBe(404);
  });
});
