import { describe, expect, it } from 'vitest';
import type { Subscriber } from '../../../../contract/subscribers';
import { FALLBACK_FIELDS, fieldsFromDescriptors } from '../columns';
import {
  bodyFrom,
  formSchema,
  fromLocalInput,
  initialValues,
  inputKind,
  toLocalInput,
  writableFields,
} from './form-model';

const fields = [
  ...FALLBACK_FIELDS,
  ...fieldsFromDescriptors({
    tier: {
      type: 'choice',
      required: true,
      read_only: false,
      label: 'Tier',
      choices: [{ value: 'gold', display_name: 'Gold' }],
    },
    visits: { type: 'integer', required: false, read_only: false, label: 'Visits' },
    seen: { type: 'datetime', required: false, read_only: false, label: 'Seen' },
    note: { type: 'string', required: false, read_only: false, label: 'Note', max_length: 5 },
  }),
];
const empty = initialValues(fields);

describe('inputKind and writableFields', () => {
  it('picks an input per field', () => {
    const kind = (name: string) => inputKind(fields.find((f) => f.name === name)!);
    expect(kind('email')).toBe('email');
    expect(kind('language')).toBe('language');
    expect(kind('region')).toBe('region');
    expect(kind('gender')).toBe('choice');
    expect(kind('date_of_birth')).toBe('date');
    expect(kind('visits')).toBe('integer');
    expect(kind('note')).toBe('text');
  });

  it('leaves read-only fields out of the form', () => {
    expect(writableFields(fields).map((f) => f.name)).not.toContain('subscription');
    expect(Object.keys(empty)).toEqual(writableFields(fields).map((f) => f.name));
  });
});

describe('formSchema', () => {
  const schema = formSchema(fields);

  it('turns form strings into the API types', () => {
    const parsed = schema.parse({
      ...empty,
      email: ' ann@example.com ',
      tier: 'gold',
      visits: '12',
      seen: '2024-05-01T10:30',
    });
    expect(parsed).toMatchObject({
      email: 'ann@example.com',
      date_of_birth: null,
      tier: 'gold',
      visits: 12,
      seen: new Date('2024-05-01T10:30').toISOString(),
    });
  });

  it('reports required, choice and length errors on their fields', () => {
    const result = schema.safeParse({ ...empty, email: 'nope', note: 'too long' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages.email).toBeDefined();
    expect(messages.tier).toBeDefined();
    expect(messages.note).toBeDefined();
  });
});

describe('initialValues and bodyFrom', () => {
  it('fills the inputs from a subscriber', () => {
    const s = {
      email: 'a@b.ch',
      date_of_birth: null,
      visits: 3,
      seen: '2024-05-01T08:30:00.000Z',
    } as unknown as Subscriber;
    const values = initialValues(fields, s);
    expect(values).toMatchObject({ email: 'a@b.ch', date_of_birth: '', visits: '3' });
    expect(values.seen).toBe(toLocalInput('2024-05-01T08:30:00.000Z'));
    expect(fromLocalInput(values.seen!)).toBe('2024-05-01T08:30:00.000Z');
  });

  it('sends everything on create and the changed fields on edit', () => {
    expect(bodyFrom({ a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(bodyFrom({ a: 1, b: 2 }, new Set(['b']))).toEqual({ b: 2 });
  });
});
