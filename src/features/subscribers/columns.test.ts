import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMNS,
  displayValue,
  FALLBACK_FIELDS,
  fieldsFromDescriptors,
  toggleColumn,
  visibleColumns,
} from './columns';

const fields = fieldsFromDescriptors({
  email: { type: 'email', required: true, read_only: false, label: 'Email', max_length: 254 },
  first_name: { type: 'string', required: false, read_only: false, label: 'First name' },
  last_name: { type: 'string', required: false, read_only: false, label: 'Last name' },
  subscription: { type: 'string', required: false, read_only: true, label: 'Subscription' },
  language: { type: 'string', required: false, read_only: false, label: 'Language' },
  create_datetime: { type: 'datetime', required: false, read_only: true, label: 'Created' },
  tier: {
    type: 'choice',
    required: true,
    read_only: false,
    label: 'Tier',
    choices: [{ value: 'g', display_name: 'Gold' }],
    help_text: 'Loyalty tier',
  },
});

describe('fieldsFromDescriptors', () => {
  it('marks custom fields and the ones the server can order by', () => {
    const tier = fields.find((f) => f.name === 'tier')!;
    expect(tier).toMatchObject({ custom: true, required: true, helpText: 'Loyalty tier' });
    expect(tier.sortField).toBeUndefined();
    expect(fields.find((f) => f.name === 'email')).toMatchObject({
      custom: false,
      sortField: 'email',
    });
  });

  it('has every built-in field in the fallback', () => {
    expect(FALLBACK_FIELDS.map((f) => f.name)).toContain('region');
    expect(FALLBACK_FIELDS.every((f) => !f.custom)).toBe(true);
  });
});

describe('visibleColumns and toggleColumn', () => {
  it('shows the defaults, dropping names the list lacks', () => {
    expect(visibleColumns(fields, null).map((f) => f.name)).toEqual(
      DEFAULT_COLUMNS.filter((n) => fields.some((f) => f.name === n)),
    );
    expect(visibleColumns(fields, ['tier', 'gone', 'email']).map((f) => f.name)).toEqual(['tier']);
  });

  it('adds a column last, removes one, and returns to null for the defaults', () => {
    const withTier = toggleColumn(null, 'tier');
    expect(withTier).toEqual([...DEFAULT_COLUMNS, 'tier']);
    expect(toggleColumn(withTier, 'tier')).toBeNull();
    expect(toggleColumn(['region'], 'id')).toEqual(['region', 'id']);
    expect(toggleColumn(['region', 'id'], 'region')).toEqual(['id']);
    expect(toggleColumn(['region'], 'region')).toEqual([]);
  });
});

describe('displayValue', () => {
  const tier = fields.find((f) => f.name === 'tier');
  it('shows choice names, empty values as nothing, users by number', () => {
    expect(displayValue(tier, 'g')).toBe('Gold');
    expect(displayValue(tier, 'x')).toBe('x');
    expect(displayValue(tier, null)).toBe('');
    expect(
      displayValue(
        FALLBACK_FIELDS.find((f) => f.name === 'create_user'),
        3,
      ),
    ).toBe('User #3');
    expect(displayValue(undefined, 42)).toBe('42');
  });
});
