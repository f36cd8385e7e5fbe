import { describe, expect, it } from 'vitest';
import { createCsvFile, encodeCsv } from './csv-export';

describe('encodeCsv', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', async () => {
    expect(await encodeCsv([['a,b', 'say "hi"', 'two\nlines']], ['x', 'y', 'z'])).toBe(
      'x,y,z\r\n"a,b","say ""hi""","two\nlines"',
    );
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const csv = await encodeCsv([
      ['=HYPERLINK("http://evil")', '+1', '-2', '@SUM(A1)', '\tx', '  =1', 'safe'],
    ]);
    expect(csv).toBe(`"'=HYPERLINK(""http://evil"")","'+1","'-2","'@SUM(A1)","'\tx","'  =1",safe`);
  });

  it('writes empty cells for null and undefined', async () => {
    expect(await encodeCsv([[null, undefined, 0, false]])).toBe(',,0,false');
  });
});

describe('createCsvFile', () => {
  it('joins pages under one header with a BOM', async () => {
    const file = createCsvFile(['email']);
    await file.add([['a@example.com']]);
    await file.add([['b@example.com']]);
    const bytes = new Uint8Array(await file.toBlob().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('email\r\na@example.com\r\nb@example.com\r\n');
  });

  it('still has a header when nothing matched', async () => {
    expect(await createCsvFile(['email', 'name']).toBlob().text()).toBe('email,name\r\n');
  });
});
