import { describe, expect, it } from 'vitest';
import { autoMapColumns, editDistance, matchHeader } from './header-match';

const builtIns = [
  'email',
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'language',
  'region',
].map((name) => ({ name }));
const targets = [...builtIns, { name: 'customer_id', label: 'Kundennummer' }];

describe('editDistance', () => {
  it('counts insertions, deletions, replacements and swaps', () => {
    expect(editDistance('email', 'email')).toBe(0);
    expect(editDistance('emial', 'email')).toBe(1);
    expect(editDistance('mail', 'email')).toBe(1);
    expect(editDistance('nachname', 'nachnahme')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('stops early past the limit', () => {
    expect(editDistance('region', 'language', 1)).toBe(2);
  });
});

describe('matchHeader', () => {
  it.each([
    ['E-Mail', 'email'],
    ['mail', 'email'],
    ['Email Address', 'email'],
    ['Vorname', 'first_name'],
    ['first name', 'first_name'],
    ['Geburtsdatum', 'date_of_birth'],
    ['Land', 'region'],
    ['Kundennummer', 'customer_id'],
    ['customer_id', 'customer_id'],
  ])('matches %s exactly', (cell, field) => {
    expect(matchHeader(cell, targets)).toEqual({ field, exact: true });
  });

  it.each([
    ['Emial', 'email'],
    ['Frist Name', 'first_name'],
    ['Geburtsdatun', 'date_of_birth'],
    ['Nachnahme', 'last_name'],
    ['Kundenummer', 'customer_id'],
  ])('matches the misspelling %s', (cell, field) => {
    expect(matchHeader(cell, targets)).toEqual({ field, exact: false });
  });

  it('leaves unrelated, short and ambiguous headers alone', () => {
    expect(matchHeader('Phone Number', targets)).toBeUndefined();
    expect(matchHeader('Name', targets)).toBeUndefined();
    expect(matchHeader('TAGS', targets)).toBeUndefined();
    expect(matchHeader('', targets)).toBeUndefined();
  });

  it('only proposes fields the list has', () => {
    expect(matchHeader('Geburtsdatum', [{ name: 'email' }])).toBeUndefined();
  });
});

describe('autoMapColumns', () => {
  it('maps a Mailchimp header, each field once, exact names first', () => {
    const header = [
      'Email Address',
      'First Name',
      'Last Name',
      'Address',
      'Birthday',
      'CC',
      'REGION',
      'E-Mail',
    ];
    expect(autoMapColumns(header, targets)).toEqual([
      'email',
      'first_name',
      'last_name',
      '',
      'date_of_birth',
      '',
      'region',
      '',
    ]);
  });

  it('gives a field to an exact header before a similar earlier one', () => {
    expect(autoMapColumns(['Emial', 'Email'], targets)).toEqual(['', 'email']);
  });
});
