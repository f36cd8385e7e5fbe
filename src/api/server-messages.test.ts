import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '../i18n/catalogs';
import { request } from './client';
import { ApiError, describeError, fieldErrors } from './errors';
import { translateServerText } from './server-text';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('server messages', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await switchLocale('en');
  });

  it('arrive with the first error, then show in German where the dashboard knows them', async () => {
    await switchLocale('de');
    // No error yet: the table is not downloaded (no first screen carries it).
    expect(translateServerText('Not allowed.')).toBe('Not allowed.');

    const body = {
      email: ['Enter a valid email address.'],
      name: ['Ensure this field has no more than 100 characters.'],
      shoe_size: ['Unknown field "shoe_size": the list has no such custom field.'],
    };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(400, body)));
    const error: unknown = await request('/lists', { method: 'POST', body: {} }).catch((e) => e);
    // The client brought the table before handing the error on.
    expect(fieldErrors(error)).toEqual({
      email: ['Geben Sie eine gültige E-Mail-Adresse ein.'],
      name: ['Dieses Feld darf höchstens 100 Zeichen enthalten.'],
      shoe_size: ['Unknown field "shoe_size": the list has no such custom field.'],
    });
    const throttled = new ApiError(
      418,
      { detail: 'Request was throttled. Expected available in 7 seconds.' },
      new Headers(),
    );
    expect(describeError(throttled)).toBe(
      'Die Anfrage wurde gedrosselt. Voraussichtlich wieder verfügbar in 7 Sekunden.',
    );
    expect(describeError(new ApiError(403, { detail: 'Not allowed.' }, new Headers()))).toBe(
      'Sie dürfen das nicht tun.',
    );
    await switchLocale('en');
    expect(fieldErrors(error).email).toEqual(['Enter a valid email address.']);
  });
});
