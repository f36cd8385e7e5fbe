import { describe, expect, it } from 'vitest';
import { detectLayout, parseSample } from './preview';

describe('detectLayout', () => {
  it('finds the delimiter and a header naming the email field', () => {
    expect(detectLayout('E-Mail;Vorname\na@x.de;Ada\nb@x.de;Bo\n', true)).toEqual({
      delimiter: ';',
      hasHeader: true,
    });
    expect(detectLayout('a@x.de\tAda\nb@x.de\tBo\n', true)).toEqual({
      delimiter: '\t',
      hasHeader: false,
    });
  });

  it('ignores the partial last record of a sample cut from a bigger file', () => {
    expect(detectLayout('email|name\na@x.de|A\nb@x.de|B\nc@x', false).delimiter).toBe('|');
  });
});

describe('parseSample', () => {
  const text = 'email,name\r\na@x.de,"Ada, Countess"\r\n\r\nb@x.de,Bo,extra\r\nc@x';

  it('splits off the header row and skips blank lines', () => {
    expect(parseSample(text, false, { delimiter: ',', hasHeader: true })).toEqual({
      header: ['email', 'name'],
      rows: [
        ['a@x.de', 'Ada, Countess'],
        ['b@x.de', 'Bo', 'extra'],
      ],
      columnCount: 3,
    });
  });

  it('treats the first row as data without a header', () => {
    const table = parseSample(text, true, { delimiter: ',', hasHeader: false });
    expect(table.header).toBeNull();
    expect(table.rows[0]).toEqual(['email', 'name']);
    expect(table.rows.at(-1)).toEqual(['c@x']);
  });
});
