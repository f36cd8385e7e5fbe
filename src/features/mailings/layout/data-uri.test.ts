import { describe, expect, it } from 'vitest';
import { parseZipDataUri } from '../../../../contract/mailings';
import { dataUriLength, fromZipDataUri, toBase64, toZipDataUri } from './data-uri';

describe('zip data URIs', () => {
  it('encodes in the form the spec documents and the contract accepts', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 256);
    const uri = toZipDataUri(bytes);
    expect(uri.startsWith('data:application/zip;charset=utf-8;base64,')).toBe(true);
    const parsed = parseZipDataUri(uri);
    expect(parsed).toMatchObject({ ok: true, bytes: bytes.length });
    expect(uri.length).toBe(dataUriLength(bytes.length));
    expect(fromZipDataUri(uri)).toEqual(bytes);
  });

  it('matches the platform base64 across chunk boundaries', () => {
    for (const size of [0, 1, 2, 3, 49151, 49152, 49153]) {
      const bytes = new Uint8Array(size).map((_, i) => i % 256);
      expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });

  it('refuses what is not a zip data URI', () => {
    expect(fromZipDataUri('data:text/html;base64,AAAA')).toBeUndefined();
  });
});
