import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { csvCell, errorsCsv } from './errors-csv.js';
import { createList, postImport } from '../../test/imports.js';
import { runImportJobs } from './worker.js';

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
  });

  it('quotes per RFC 4180 and leaves plain cells and numbers alone', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(-3)).toBe('-3');
  });

  it('writes a header, CRLF line ends and a BOM', () => {
    expect(errorsCsv([{ row: 2, field: 'email', message: 'Bad.' }])).toBe(
      '\uFEFFrow,field,message\r\n2,email,Bad.\r\n',
    );
  });
});

describe('GET /api/v1/lists/{list_id}/imports/{id}/errors.csv', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('downloads the kept errors as an escaped CSV attachment', async () => {
    const listId = await createList(t, { languages: ['en', 'de'] });
    const { id } = (
      await postImport(t, listId, 'email,language\nnope,en\na@example.com,fr\n')
    ).json();
    await runImportJobs(t.db);
    const res = await t.get(`/api/v1/lists/${listId}/imports/${id}/errors.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="import-${id}-errors.csv"`,
    );
    expect(res.body).toBe(
      '\uFEFFrow,field,message\r\n' +
        '2,email,Enter a valid email address.\r\n' +
        `3,language,"""fr"" is not one of the list's languages (en, de)."\r\n`,
    );
  });

  it('escapes whatever message is stored', async () => {
    const listId = await createList(t);
    const { id } = (await postImport(t, listId, 'email\na@example.com\n')).json();
    const errors = JSON.stringify([{ row: 2, field: 'email', message: '=1+2' }]);
    await t.db.execute(sql`UPDATE imports SET errors = ${errors}::jsonb WHERE id = ${id}`);
    const res = await t.get(`/api/v1/lists/${listId}/imports/${id}/errors.csv`);
    expect(res.body).toBe("\uFEFFrow,field,message\r\n2,email,'=1+2\r\n");
  });
});
