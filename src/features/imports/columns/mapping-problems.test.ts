import { describe, expect, it } from 'vitest';
import { mappingProblems } from './mapping-problems';
import type { MappingTarget } from './targets';

const target = (name: string, label: string, required = false): MappingTarget => ({
  name,
  label,
  type: 'string',
  required,
  custom: false,
});
const targets = [
  target('email', 'Email', true),
  target('first_name', 'First name'),
  target('vip', 'VIP', true),
];

describe('mappingProblems', () => {
  it('requires an email column', () => {
    expect(mappingProblems(['', 'first_name', 'vip'], targets, '%Y-%m-%d').errors).toEqual([
      'Map a column to Email: every subscriber needs an address.',
    ]);
  });

  it('refuses a field mapped twice and a broken date format', () => {
    expect(
      mappingProblems(['email', 'first_name', 'first_name', 'vip'], targets, '%Q%').errors,
    ).toEqual([
      'First name is mapped to columns 2 and 3: a field can take one column only.',
      'Date format: The format ends with a lone "%".',
    ]);
  });

  it('warns that an unmapped required field rejects every row', () => {
    expect(mappingProblems(['email'], targets, '%Y-%m-%d')).toEqual({
      errors: [],
      warnings: ['VIP is required and no column is mapped to it: every row would be rejected.'],
    });
  });
});
