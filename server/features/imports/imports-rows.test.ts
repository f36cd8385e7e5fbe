import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { allSubscribers, createList, importFile, pick } from '../../test/imports.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('invalid rows and duplicates', () => {
  const file = [
    'email,first_name,gender,date_of_birth,language',
    'ann@example.com,Ann,f,1990-01-02,en',
    'not-an-email,Bob,m,,en',
    ',Nobody,,,',
    'ANN@example.com,Ann again,f,,en',
    'carl@example.com,Carl,x,1990-02-30,en',
    'dora@example.com,Dora,f,,fr',
    'carl@example.com,Carl again,m,,en',
    '',
    'eve@example.com,Eve,,,',
  ].join('\n');

  it('rejects rows with an invalid value when ignore_invalid_fields is false', async () => {
    const listId = await createList(t);
    const record = await importFile(t, listId, file);
    expect(record).toMatchObject({
      total_rows: 8,
      created: 3,
      skipped_existing: 0,
      skipped_duplicate: 1,
      invalid: 4,
    });
    expect(record.errors).toEqual([
      { row: 3, field: 'email', message: 'Enter a valid email address.' },
      { row: 4, field: 'email', message: 'Enter a valid email address.' },
      { row: 6, field: 'gender', message: '"x" is not a valid choice.' },
      {
        row: 6,
        field: 'date_of_birth',
        message: 'Date has wrong format. Use one of these formats instead: %Y-%m-%d.',
      },
      { row: 7, field: 'language', message: `"fr" is not one of the list's languages (en).` },
    ]);
    // A rejected row does not claim its address: the later, valid Carl is imported.
    const subscribers = await allSubscribers(t, listId);
    expect(subscribers.map((s) => [s.email, s.first_name])).toEqual([
      ['ann@example.com', 'Ann'],
      ['carl@example.com', 'Carl again'],
      ['eve@example.com', 'Eve'],
    ]);
  });

  it('drops invalid optional values and imports the row when ignore_invalid_fields is true', async () => {
    const listId = await createList(t);
    const record = await importFile(t, listId, file, [['ignore_invalid_fields', 'true']]);
    expect(record).toMatchObject({
      total_rows: 8,
      created: 4,
      skipped_existing: 0,
      skipped_duplicate: 2,
      invalid: 2,
    });
    expect(record.errors).toEqual([
      { row: 3, field: 'email', message: 'Enter a valid email address.' },
      { row: 4, field: 'email', message: 'Enter a valid email address.' },
      { row: 6, field: 'gender', message: '"x" is not a valid choice. The value was ignored.' },
      {
        row: 6,
        field: 'date_of_birth',
        message:
          'Date has wrong format. Use one of these formats instead: %Y-%m-%d. The value was ignored.',
      },
      {
        row: 7,
        field: 'language',
        message: `"fr" is not one of the list's languages (en). The value was ignored.`,
      },
    ]);
    const subscribers = await allSubscribers(t, listId);
    expect(
      subscribers.map((s) =>
        pick(s, ['email', 'first_name', 'gender', 'date_of_birth', 'language']),
      ),
    ).toEqual([
      {
        email: 'ann@example.com',
        first_name: 'Ann',
        gender: 'f',
        date_of_birth: '1990-01-02',
        language: 'en',
      },
      {
        email: 'carl@example.com',
        first_name: 'Carl',
        gender: '',
        date_of_birth: null,
        language: 'en',
      },
      {
        email: 'dora@example.com',
        first_name: 'Dora',
        gender: 'f',
        date_of_birth: null,
        language: '',
      },
      {
        email: 'eve@example.com',
        first_name: 'Eve',
        gender: '',
        date_of_birth: null,
        language: '',
      },
    ]);
  });

  it('rejects a row whose required custom field is invalid, even when ignoring invalid fields', async () => {
    const listId = await createList(t);
    await t.post(`/api/v1/lists/${listId}/fields`, {
      name: 'plan',
      type: 'choice',
      required: true,
      choices: [{ value: 'free' }, { value: 'pro' }],
    });
    const record = await importFile(
      t,
      listId,
      'email,plan\na@example.com,pro\nb@example.com,gold\nc@example.com,\n',
      [['ignore_invalid_fields', 'true']],
    );
    expect(record).toMatchObject({ total_rows: 3, created: 1, invalid: 2 });
    expect(record.errors).toEqual([
      { row: 3, field: 'plan', message: '"gold" is not a valid choice.' },
      { row: 4, field: 'plan', message: 'This field may not be blank.' },
    ]);
  });

  it('never re-subscribes or overwrites existing subscribers, whatever their state', async () => {
    const listId = await createList(t);
    const make = async (email: string) =>
      (
        await t.post(`/api/v1/lists/${listId}/subscribers`, { email, first_name: 'Original' })
      ).json().id;
    await make('Kept@Example.com');
    const unsubscribed = await make('gone@example.com');
    await t.post(`/api/v1/lists/${listId}/subscribers/${unsubscribed}/unsubscribe`);
    const deleted = await make('deleted@example.com');
    await t.delete(`/api/v1/lists/${listId}/subscribers/${deleted}`);

    const record = await importFile(
      t,
      listId,
      'email,first_name\nkept@example.com,New\nGONE@example.com,New\ndeleted@example.com,New\nfresh@example.com,New\ngone@example.com,Again\n',
    );
    expect(record).toMatchObject({
      total_rows: 5,
      created: 1,
      skipped_existing: 3,
      skipped_duplicate: 1,
      invalid: 0,
    });
    const subscribers = await allSubscribers(t, listId);
    expect(subscribers.map((s) => [s.email, s.first_name, s.subscription])).toEqual([
      ['Kept@Example.com', 'Original', 'active'],
      ['gone@example.com', 'Original', 'unsubscribed'],
      ['deleted@example.com', 'Original', 'deleted'],
      ['fresh@example.com', 'New', 'active'],
    ]);
  });

  it('keeps only the first 100 errors but counts every invalid row', async () => {
    const listId = await createList(t);
    const rows = Array.from({ length: 150 }, (_, i) => `broken-${i}`);
    const record = await importFile(t, listId, ['email', ...rows, 'ok@example.com'].join('\n'));
    expect(record).toMatchObject({ total_rows: 151, invalid: 150, created: 1 });
    expect(record.errors).toHaveLength(100);
    expect(record.errors[99].row).toBe(101);
  });
});
