import { describe, expect, it } from 'vitest';
import { createCsvChecker, CsvCheckError, type CheckConfig } from './csv-check';
import { isRegionCode } from '../../../../contract/region-codes';

const config = (overrides: Partial<CheckConfig> = {}): CheckConfig => ({
  delimiter: ',',
  hasHeader: true,
  fields: ['email', 'first_name', 'region'],
  customFields: [],
  languages: ['en'],
  dateFormat: '%Y-%m-%d',
  isRegionCode,
  ...overrides,
});

const csv = [
  'email,first_name,region',
  'ada@example.com,Ada,GB', // 2 valid
  'broken,Bob,DE', // 3 invalid email: rejected in both modes
  'ADA@example.com,Ada again,', // 4 repeats row 2
  '', // 5 blank: skipped
  'cy@example.com,Cy,XX', // 6 invalid region: rescued with ignore_invalid_fields
  'cy@example.com,Cy,FR', // 7 valid: row 6 did not claim the address (strict), repeat (lenient)
  '"dee@example.com","Dee, Jr.",CH', // 8 quoted cells
].join('\r\n');

function run(text: string, pieces: number[], overrides: Partial<CheckConfig> = {}) {
  const checker = createCsvChecker(config(overrides));
  let at = 0;
  for (const size of pieces) {
    checker.push(text.slice(at, at + size));
    at += size;
  }
  checker.push(text.slice(at));
  return checker.finish();
}

describe('createCsvChecker', () => {
  it('counts valid, invalid and repeated rows under both settings of ignore_invalid_fields', () => {
    const report = run(csv, []);
    expect(report.rows).toBe(6);
    expect(report.blankRows).toBe(1);
    expect(report.strict).toEqual({ valid: 3, invalid: 2, repeated: 1 });
    expect(report.lenient).toEqual({
      valid: 3,
      invalid: 1,
      repeated: 2,
      withDroppedValues: 1,
      droppedValues: 1,
    });
    expect(report.problemsByField).toEqual({ email: 1, region: 1 });
  });

  it('numbers rows as the server does (header and blank lines counted) and keeps the reasons', () => {
    const report = run(csv, []);
    expect(report.problemRows).toEqual([
      {
        row: 3,
        email: 'broken',
        problems: [{ field: 'email', message: 'Enter a valid email address.', value: 'broken' }],
        rejected: true,
      },
      {
        row: 6,
        email: 'cy@example.com',
        problems: [
          {
            field: 'region',
            message: '"XX" is not a known ISO-3166-1 or ISO-3166-2 code.',
            value: 'XX',
          },
        ],
        rejected: false,
      },
    ]);
    expect(report.repeatedRows).toEqual([
      { row: 4, email: 'ADA@example.com', strict: true, lenient: true },
      { row: 7, email: 'cy@example.com', strict: false, lenient: true },
    ]);
  });

  it('gives the same report whatever the pieces, split inside quotes and line breaks', () => {
    const whole = run(csv, []);
    for (const pieces of [[1, 1, 1, 1], [24], [25, 1], [60, 3, 2, 30, 7], Array(200).fill(1)])
      expect(run(csv, pieces)).toEqual(whole);
  });

  it('reads a file without a header from its first row', () => {
    const report = run('a@x.de;A\nb@x.de;B\n', [], {
      delimiter: ';',
      hasHeader: false,
      fields: ['email', 'first_name'],
    });
    expect(report.rows).toBe(2);
    expect(report.strict.valid).toBe(2);
  });

  it('stops at a quote that never closes instead of holding the whole file', () => {
    const checker = createCsvChecker(config());
    checker.push('email\n"open,');
    const chunk = 'x'.repeat(400_000);
    expect(() => {
      for (let i = 0; i < 4; i++) checker.push(chunk);
    }).toThrow(CsvCheckError);
  });
});
