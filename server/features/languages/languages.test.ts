import ISO6391 from 'iso-639-1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../../contract/common.js';
import { language } from '../../../contract/languages.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const get = (url: string, acceptLanguage?: string) =>
  t.request({
    method: 'GET',
    url,
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  });

describe('GET /api/v1/languages', () => {
  it('lists every ISO-639-1 code in English by default, ordered by code', async () => {
    const res = await get('/api/v1/languages?page_size=1000');
    expect(res.statusCode).toBe(200);
    const body = envelope(language).parse(res.json());
    expect(body.count).toBe(ISO6391.getAllCodes().length);
    expect(body.next).toBeNull();
    const codes = body.results.map((l) => l.code);
    expect(codes).toEqual([...ISO6391.getAllCodes()].sort());
    expect(body.results).toContainEqual({ code: 'de', name: 'German' });
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it('pages with the default page size of 25', async () => {
    const body = (await get('/api/v1/languages')).json();
    expect(body.results).toHaveLength(25);
    expect(body.next).toBe('/api/v1/languages?page=2');
  });

  it('names languages in the requested locale', async () => {
    const german = async (acceptLanguage: string) =>
      (await get('/api/v1/languages?code=de', acceptLanguage)).json().results[0].name;
    expect(await german('de-DE')).toBe('Deutsch');
    expect(await german('fr-FR,fr;q=0.9')).toBe('allemand');
    expect(await german('it')).toBe('tedesco');
    expect(await german('zz')).toBe('German');
  });

  it('gives every code a name', async () => {
    for (const locale of ['en', 'de', 'fr', 'it']) {
      const body = (await get('/api/v1/languages?page_size=1000', locale)).json();
      for (const entry of body.results) expect(entry.name, entry.code).not.toBe('');
    }
  });

  it('filters by code and searches names accent-insensitively (extension)', async () => {
    const codes = async (query: string, acceptLanguage?: string) =>
      (await get(`/api/v1/languages?${query}`, acceptLanguage))
        .json()
        .results.map((l: { code: string }) => l.code);
    expect(await codes('code=FR')).toEqual(['fr']);
    expect(await codes('code=&search=german')).toContain('de');
    expect((await get('/api/v1/languages?code=')).json().count).toBe(
      (await get('/api/v1/languages')).json().count,
    );
    expect(await codes('search=francais', 'fr')).toEqual(['fr']);
    expect(await codes('search=GERMAN')).toContain('de');
    expect(await codes('search=es')).toContain('es');
    expect(await codes('search=nothing-like-this')).toEqual([]);
  });
});
