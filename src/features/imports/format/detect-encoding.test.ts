import { describe, expect, it } from 'vitest';
import { decodeSample, detectEncoding } from './detect-encoding';

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('detectEncoding', () => {
  it('trusts a byte-order mark', () => {
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), true)).toBe('utf-8');
    expect(detectEncoding(new Uint8Array([0xff, 0xfe, 0x41, 0]), true)).toBe('utf-16le');
    expect(detectEncoding(new Uint8Array([0xfe, 0xff, 0, 0x41]), true)).toBe('utf-16be');
  });

  it('takes valid UTF-8 as UTF-8, even cut in the middle of a character', () => {
    expect(detectEncoding(utf8('email;name\nj@x.de;Jürgen'), true)).toBe('utf-8');
    const cut = utf8('Zoë').subarray(0, 3);
    expect(detectEncoding(cut, false)).toBe('utf-8');
    expect(detectEncoding(cut, true)).toBe('windows-1252');
  });

  it('falls back to windows-1252 for other bytes', () => {
    expect(detectEncoding(latin1('email;name\nj@x.de;Jürgen Müller\n'), true)).toBe('windows-1252');
  });

  it('recognizes UTF-16 without a BOM', () => {
    const text = 'email,name\na@x.de,Ada\n';
    const le = new Uint8Array(text.length * 2);
    [...text].forEach((c, i) => (le[i * 2] = c.charCodeAt(0)));
    expect(detectEncoding(le, true)).toBe('utf-16le');
  });
});

describe('decodeSample', () => {
  it('decodes in the chosen encoding without the BOM', () => {
    expect(decodeSample(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Zoë')]), 'utf-8', true)).toBe(
      'Zoë',
    );
    expect(decodeSample(latin1('Müller'), 'windows-1252', true)).toBe('Müller');
    expect(decodeSample(utf8('Müller'), 'windows-1252', true)).toBe('MÃ¼ller');
  });

  it('leaves out a character cut at the end of a partial sample', () => {
    expect(decodeSample(utf8('Zoë').subarray(0, 3), 'utf-8', false)).toBe('Zo');
  });
});
