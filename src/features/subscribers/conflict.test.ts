import { describe, expect, it } from 'vitest';
import type { Subscriber } from '../../../contract/subscribers';
import { FALLBACK_FIELDS, fieldsFromDescriptors } from './columns';
import { canReactivate, conflictRows, patchFromChoices } from './conflict';

const fields = [
  ...FALLBACK_FIELDS,
  ...fieldsFromDescriptors({
    visit: { type: 'datetime', required: false, read_only: false, label: 'Visit' },
  }),
];

const existing: Subscriber = {
  id: 7,
  create_datetime: '2024-01-01T00:00:00.000Z',
  create_user: 1,
  update_datetime: '2024-01-01T00:00:00.000Z',
  update_user: 1,
  subscription: 'unsubscribed',
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Old',
  gender: 'f',
  date_of_birth: null,
  language: 'en',
  region: '',
  visit: '2024-05-01T10:00:00.000Z',
};

describe('conflictRows', () => {
  const rows = conflictRows(fields, existing, {
    email: 'Ann@Example.com',
    first_name: 'Ann',
    last_name: 'New',
    gender: '',
    date_of_birth: '1990-02-03',
    language: 'en',
    region: '',
    visit: '2024-05-01T10:00:00Z',
  });
  const row = (name: string) => rows.find((r) => r.field.name === name)!;

  it('compares only the writable fields that were entered', () => {
    expect(rows.map((r) => r.field.name)).not.toContain('subscription');
    expect(rows.map((r) => r.field.name)).toContain('visit');
  });

  it('points out a difference in letter case only, and does not preselect it', () => {
    expect(row('email')).toMatchObject({ differs: true, caseOnly: true, preselected: false });
  });

  it('preselects entered values that differ, never an empty one over existing data', () => {
    expect(row('last_name')).toMatchObject({ existing: 'Old', entered: 'New', preselected: true });
    expect(row('date_of_birth')).toMatchObject({ existing: '', differs: true, preselected: true });
    expect(row('gender')).toMatchObject({ existing: 'Female', differs: true, preselected: false });
    expect(row('first_name').differs).toBe(false);
  });

  it('compares datetimes as instants', () => {
    expect(row('visit').differs).toBe(false);
  });
});

describe('patchFromChoices and canReactivate', () => {
  it('sends only the chosen entered values', () => {
    expect(patchFromChoices({ last_name: 'New', gender: '' }, ['gender', 'nope'])).toEqual({
      gender: '',
    });
  });

  it('offers re-activation to those who left', () => {
    expect(canReactivate('unsubscribed')).toBe(true);
    expect(canReactivate('deleted')).toBe(true);
    expect(canReactivate('bounced')).toBe(false);
    expect(canReactivate('active')).toBe(false);
  });
});
