import { describe, expect, it } from 'vitest';
import { rowChecker, type RowRules } from './row-rules';
import { isRegionCode } from '../../../../contract/region-codes';

const rules = (overrides: Partial<RowRules> = {}): RowRules => ({
  fields: ['email', 'first_name', 'gender', 'date_of_birth', 'language', 'region'],
  customFields: [],
  languages: ['en', 'de'],
  dateFormat: '%d.%m.%Y',
  isRegionCode,
  ...overrides,
});

describe('rowChecker', () => {
  const check = rowChecker(rules());

  it('accepts a good row, trimming cells and lowercasing codes, keyed by the lowercased address', () => {
    expect(check([' Ada@Example.com ', 'Ada', 'F', '07.03.1990', 'DE', 'de-by'])).toEqual({
      key: 'ada@example.com',
      problems: [],
      rejected: false,
    });
  });

  it('rejects a row without a valid email in both settings', () => {
    const result = check(['not-an-address', 'Ada', '', '', '', '']);
    expect(result).toMatchObject({ key: null, rejected: true });
    expect(result.problems).toEqual([{ field: 'email', message: 'Enter a valid email address.' }]);
    expect(check(['', 'Ada'])).toMatchObject({
      key: null,
      rejected: true,
      problems: [{ field: 'email', message: 'Enter a valid email address.' }],
    });
  });

  it('reports every invalid optional value with the server messages, and keeps the row with them ignored', () => {
    const result = check(['a@x.de', 'x'.repeat(101), 'x', '31.13.1990', 'fr', 'XX']);
    expect(result.rejected).toBe(false);
    expect(result.key).toBe('a@x.de');
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: 'Ensure this field has no more than 100 characters.' },
        { field: 'gender', message: '"x" is not a valid choice.' },
        {
          field: 'date_of_birth',
          message: 'Date has wrong format. Use one of these formats instead: %d.%m.%Y.',
        },
        { field: 'language', message: `"fr" is not one of the list's languages (en, de).` },
        { field: 'region', message: '"XX" is not a known ISO-3166-1 or ISO-3166-2 code.' },
      ]),
    );
    expect(result.problems).toHaveLength(5);
  });

  it('checks custom fields by type, choices and requiredness', () => {
    const custom = rowChecker(
      rules({
        fields: ['email', 'customer_id', 'plan', 'signup'],
        customFields: [
          { name: 'customer_id', type: 'integer', required: true },
          {
            name: 'plan',
            type: 'choice',
            required: false,
            choices: [{ value: 'pro', display_name: 'Pro' }],
          },
          { name: 'signup', type: 'date', required: false },
        ],
      }),
    );
    expect(custom(['a@x.de', '42', 'pro', '01.02.2020']).problems).toEqual([]);
    const bad = custom(['a@x.de', 'forty', 'gold', '2020-02-01']);
    expect(bad.rejected).toBe(true);
    expect(bad.problems.map((p) => p.field).sort()).toEqual(['customer_id', 'plan', 'signup']);
    expect(custom(['a@x.de', '', 'pro', ''])).toMatchObject({
      rejected: true,
      problems: [{ field: 'customer_id', message: 'This field may not be blank.' }],
    });
  });

  it('rejects every row when a required custom field has no column', () => {
    const unmapped = rowChecker(
      rules({ fields: ['email'], customFields: [{ name: 'vip', type: 'string', required: true }] }),
    );
    expect(unmapped(['a@x.de'])).toMatchObject({
      rejected: true,
      problems: [{ field: 'vip', message: 'This field is required.' }],
    });
  });
});
