import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '../i18n/catalogs';
import { ApiError, describeError, fieldErrors } from './errors';

const badRequest = (body: unknown) => new ApiError(400, body, new Headers());

describe('server messages', () => {
  afterEach(() => switchLocale('en'));

  it('show the texts the dashboard knows in German, and others as the server wrote them', async () => {
    const body = {
      email: ['Enter a valid email address.'],
      name: ['Ensure this field has no more than 100 characters.'],
      shoe_size: ['Unknown field "shoe_size": the list has no such custom field.'],
    };
    expect(fieldErrors(badRequest(body)).email).toEqual(['Enter a valid email address.']);
    await switchLocale('de');
    expect(fieldErrors(badRequest(body))).toEqual({
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
  });
});
