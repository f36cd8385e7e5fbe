import { iso31661, iso31662 } from 'iso-3166';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { region, regionDetail } from '../../../contract/regions.js';
import { envelope } from '../../../contract/common.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const get = (url: string, language?: string) =>
  t.request({
    method: 'GET',
    url,
    headers: language === undefined ? {} : { 'accept-language': language },
  });

describe('GET /api/v1/regions', () => {
  it('lists every country and subdivision, ordered by code, in the pagination envelope', async () => {
    const res = await get('/api/v1/regions?page_size=1000');
    expect(res.statusCode).toBe(200);
    const body = envelope(region).parse(res.json());
    expect(body.count).toBe(iso31661.length + iso31662.length);
    expect(body.next).toBe('/api/v1/regions?page_size=1000&page=2');
    expect(body.previous).toBeNull();
    expect(body.results.slice(0, 3)).toEqual([
      { code: 'AD', name: 'Andorra' },
      { code: 'AD-02', name: 'Canillo' },
      { code: 'AD-03', name: 'Encamp' },
    ]);
    const codes = body.results.map((r) => r.code);
    expect(codes).toEqual([...codes].sort());
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it('reaches second-level subdivisions too', async () => {
    const res = await get('/api/v1/regions?code=fr-75c');
    expect(res.json().results).toEqual([{ code: 'FR-75C', name: 'Paris' }]);
  });

  it('localizes country names by Accept-Language with q-values, falling back to English', async () => {
    const name = async (language: string) =>
      (await get('/api/v1/regions?code=AT', language)).json().results[0].name;
    expect(await name('de-AT,de;q=0.9,en;q=0.5')).toBe('Österreich');
    expect(await name('fr')).toBe('Autriche');
    expect(await name('en;q=0.4, it;q=0.8')).toBe('Austria');
    expect(await name('xx, de;q=0.1')).toBe('Österreich');
    expect(await name('tlh')).toBe('Austria');
    expect(await name('de;q=0, fr;q=0.2')).toBe('Autriche');
    expect((await get('/api/v1/regions?code=CH', 'it')).json().results[0].name).toBe('Svizzera');
    const res = await get('/api/v1/regions?code=AT', 'fr-CH;q=0.9, de;q=0.8');
    expect(res.headers['content-language']).toBe('fr');
  });

  it('filters by code case-insensitively and exactly', async () => {
    expect((await get('/api/v1/regions?code=de-by')).json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ code: 'DE-BY', name: 'Bayern' }],
    });
    expect((await get('/api/v1/regions?code=DE-B')).json().count).toBe(0);
    expect((await get('/api/v1/regions?code=nowhere')).json().count).toBe(0);
    // An empty filter is no filter.
    const all = (await get('/api/v1/regions')).json().count;
    expect((await get('/api/v1/regions?code=&search=')).json().count).toBe(all);
    expect((await get('/api/v1/regions?code=&search=bayern')).json().results).toEqual([
      { code: 'DE-BY', name: 'Bayern' },
    ]);
  });

  it('searches names and country names, ignoring case and accents', async () => {
    const search = async (term: string, language?: string) =>
      (await get(`/api/v1/regions?page_size=1000&search=${encodeURIComponent(term)}`, language))
        .json()
        .results.map((r: { code: string }) => r.code);

    const austria = await search('osterreich', 'de');
    expect(austria).toContain('AT');
    expect(austria).toContain('AT-9');
    expect(austria.filter((c: string) => !c.startsWith('AT'))).toEqual([]);
    expect(austria).toHaveLength(1 + iso31662.filter((s) => s.parent === 'AT').length);
    // In English only the Länder named "…österreich" match, not Austria itself.
    expect(await search('osterreich', 'en')).toEqual(['AT-3', 'AT-4']);

    expect(await search('bayern')).toEqual(['DE-BY']);
    expect(await search('BAYERN deutschland', 'de')).toEqual(['DE-BY']);
    expect(await search('ZÜRICH')).toEqual(['CH-ZH']);
    expect(await search('zurich')).toEqual(['CH-ZH']);
  });

  it('pages the filtered results and rejects a page past the end', async () => {
    const first = (await get('/api/v1/regions?search=germany&page_size=10')).json();
    expect(first.count).toBe(1 + iso31662.filter((s) => s.code.startsWith('DE-')).length);
    expect(first.results).toHaveLength(10);
    expect(first.next).toBe('/api/v1/regions?search=germany&page_size=10&page=2');
    const past = await get('/api/v1/regions?search=germany&page_size=10&page=99');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/regions' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="api"');
  });
});

describe('GET /api/v1/regions/{code}', () => {
  it('shows a country with all its subdivisions and no country', async () => {
    const res = await get('/api/v1/regions/ch', 'de');
    expect(res.statusCode).toBe(200);
    const body = regionDetail.parse(res.json());
    expect(body).toMatchObject({ code: 'CH', name: 'Schweiz', country: null });
    expect(body.regions).toHaveLength(26);
    expect(body.regions[0]).toEqual({ code: 'CH-AG', name: 'Aargau' });
    expect(res.headers['content-language']).toBe('de');
  });

  it('lists every level of a country and the children of a subdivision', async () => {
    const france = (await get('/api/v1/regions/FR')).json();
    expect(france.regions).toHaveLength(iso31662.filter((s) => s.code.startsWith('FR-')).length);
    expect(france.regions).toContainEqual({ code: 'FR-75C', name: 'Paris' });

    const idf = (await get('/api/v1/regions/fr-idf')).json();
    expect(idf).toMatchObject({ code: 'FR-IDF', country: 'FR' });
    expect(idf.regions).toContainEqual({ code: 'FR-75C', name: 'Paris' });
    expect(idf.regions.length).toBe(iso31662.filter((s) => s.parent === 'FR-IDF').length);
  });

  it('shows a subdivision with its country and no children', async () => {
    expect((await get('/api/v1/regions/DE-BY')).json()).toEqual({
      code: 'DE-BY',
      name: 'Bayern',
      country: 'DE',
      regions: [],
    });
  });

  it('answers 404 for an unknown code', async () => {
    for (const code of ['XX', 'DE-XX', '%C3%A9', 'a'.repeat(90)]) {
      const res = await get(`/api/v1/regions/${code}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
