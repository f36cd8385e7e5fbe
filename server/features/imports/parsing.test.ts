import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { dateParser } from '../../../contract/date-parser.js';
import { csvRecords, detectLayout, MAX_RECORD_CHARS, RecordTooLongError } from './csv.js';
import { canonicalEncoding, createDecoder, detectEncoding, UndecodableError } from './encoding.js';
import { parseFieldsParameter } from './form.js';

async function* from(pieces: string[]) {
  yield* pieces;
}

async function records(pieces: string[], delimiter: ',' | ';' = ',', linebreak = '\n') {
  const out: string[][] = [];
  for await (const group of csvRecords(from(pieces), { delimiter, linebreak })) out.push(...group);
  return out;
}

describe('csvRecords', () => {
  it('joins records split across pieces, inside quotes too', async () => {
    expect(await records(['a,"b\nc', ' d",e\nf', ',g\n'])).toEqual([
      ['a', 'b\nc d', 'e'],
      ['f', 'g'],
    ]);
    expect(await records(['x,y\r', '\nz,w'], ',', '\r\n')).toEqual([
      ['x', 'y'],
      ['z', 'w'],
    ]);
  });

  it('fails on a quote that never closes instead of buffering the file', async () => {
    const long = 'x'.repeat(MAX_RECORD_CHARS / 2);
    await expect(records(['a,"open', long, long, long])).rejects.toBeInstanceOf(RecordTooLongError);
  });
});

describe('detectLayout', () => {
  it('ignores a partial last record of a sample cut from a bigger file', () => {
    const layout = detectLayout('email;name\na@x.de;A\nb@x.de;B\nc@x', false, undefined);
    expect(layout).toMatchObject({ delimiter: ';', firstRow: ['email', 'name'] });
  });

  it('falls back to a comma for a single column', () => {
    expect(detectLayout('email\na@x.de\n', true, undefined).delimiter).toBe(',');
  });
});

describe('dateParser', () => {
  const german = dateParser('%d.%m.%Y');

  it('parses with or without zero padding', () => {
    expect(german('07.03.2024')).toBe('2024-03-07');
    expect(german('7.3.2024')).toBe('2024-03-07');
  });

  it('refuses dates that would roll over, and trailing text', () => {
    expect(german('31.13.2024')).toBeNull();
    expect(german('29.02.2023')).toBeNull();
    expect(german('29.02.2024')).toBe('2024-02-29');
    expect(german('01.01.2024 12:00')).toBeNull();
    expect(dateParser('%Y-%m-%d')('0000-01-01')).toBeNull();
  });

  it('reads month names', () => {
    expect(dateParser('%d %B %Y')('3 March 2024')).toBe('2024-03-03');
  });
});

describe('encodings', () => {
  it('names labels the WHATWG way and refuses unknown ones', () => {
    expect(canonicalEncoding('latin1')).toBe('windows-1252');
    expect(canonicalEncoding('UTF8')).toBe('utf-8');
    expect(canonicalEncoding('Shift_JIS')).toBe('shift_jis');
    expect(canonicalEncoding('klingon')).toBeNull();
    expect(canonicalEncoding('x-user-defined')).toBeNull();
  });

  it('detects BOMs, UTF-8 and Latin text', () => {
    const latin = iconv.encode('Jürgen;Müller;Straße\n', 'latin1');
    expect(detectEncoding(latin, false)).toBe('windows-1252');
    expect(detectEncoding(Buffer.from('Jürgen'), true)).toBe('utf-8');
    expect(detectEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x41]), false)).toBe('utf-8');
    expect(detectEncoding(Buffer.from([0xfe, 0xff, 0, 0x41]), false)).toBe('utf-16be');
  });

  it('decodes UTF-8 strictly, characters split across chunks included', () => {
    const bytes = Buffer.from('\uFEFFmüller');
    const decoder = createDecoder('utf-8');
    const text =
      decoder.write(bytes.subarray(0, 5)) + decoder.write(bytes.subarray(5)) + decoder.end();
    expect(text).toBe('müller');
    expect(() => createDecoder('utf-8').write(Buffer.from([0x41, 0xfc, 0x42]))).toThrow(
      UndecodableError,
    );
  });

  it('decodes other encodings with iconv-lite, dropping the BOM', () => {
    const decoder = createDecoder('utf-16le');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('Zoë', 'utf-16le')]);
    expect(
      decoder.write(bytes.subarray(0, 3)) + decoder.write(bytes.subarray(3)) + decoder.end(),
    ).toBe('Zoë');
  });
});

describe('parseFieldsParameter', () => {
  it('reads repeated values, a JSON array or a comma-separated string', () => {
    expect(parseFieldsParameter(['email', '', ' first_name '])).toEqual([
      'email',
      '',
      'first_name',
    ]);
    expect(parseFieldsParameter(['["email", null, "region"]'])).toEqual(['email', '', 'region']);
    expect(parseFieldsParameter([['email', 'gender']])).toEqual(['email', 'gender']);
    expect(parseFieldsParameter(['email, ,language'])).toEqual(['email', '', 'language']);
    expect(parseFieldsParameter(['["email"'])).toEqual({ error: expect.any(String) });
  });
});
