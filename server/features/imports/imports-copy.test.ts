import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { transactionWithCopy, type CopyCsv } from '../../db/copy.js';
import { subscriberInserter } from './insert-subscribers.js';
import { blankSubscriber } from './rows.js';
import { allSubscribers, createList, importFile, pick, postImport } from '../../test/imports.js';
import { runImportJobs } from './worker.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

// Batches load new addresses with COPY (insert-subscribers.ts): what it is given must come
// back exactly, and an address already in the list must still be left alone and counted.
describe('an import loaded with COPY', () => {
  it('keeps every value exactly as the file has it', async () => {
    const listId = await createList(t, { languages: ['en', 'de'] });
    await t.post(`/api/v1/lists/${listId}/fields`, { name: 'notes', type: 'string' });
    await t.post(`/api/v1/lists/${listId}/fields`, { name: 'customer_id', type: 'integer' });
    const file = [
      'email,first_name,last_name,date_of_birth,language,notes,customer_id',
      `"quote@example.com","Ann ""Nan""","O'Brien, Jr.",1990-01-02,en,"say ""hi"", {""a"": 1}",7`,
      `back@example.com,C:\\Temp\\new,\\N,,de,"two\nlines",`,
      `empty@example.com,,,,,,`,
      `umlaut@example.com,Zoë 🎉,Weiß,2000-12-31,,\\.,0`,
    ].join('\n');

    const record = await importFile(t, listId, file);

    expect(record.errors).toEqual([]);
    expect(record).toMatchObject({ created: 4, skipped_existing: 0, invalid: 0 });
    const subscribers = await allSubscribers(t, listId);
    const fields = [
      'email',
      'first_name',
      'last_name',
      'date_of_birth',
      'language',
      'notes',
      'customer_id',
    ];
    expect(subscribers.map((s) => pick(s, fields))).toEqual([
      {
        email: 'quote@example.com',
        first_name: 'Ann "Nan"',
        last_name: "O'Brien, Jr.",
        date_of_birth: '1990-01-02',
        language: 'en',
        notes: 'say "hi", {"a": 1}',
        customer_id: 7,
      },
      {
        email: 'back@example.com',
        first_name: 'C:\\Temp\\new',
        last_name: '\\N',
        date_of_birth: null,
        language: 'de',
        notes: 'two\nlines',
        customer_id: null,
      },
      {
        email: 'empty@example.com',
        first_name: '',
        last_name: '',
        date_of_birth: null,
        language: '',
        notes: '',
        customer_id: null,
      },
      {
        email: 'umlaut@example.com',
        first_name: 'Zoë 🎉',
        last_name: 'Weiß',
        date_of_birth: '2000-12-31',
        language: '',
        notes: '\\.',
        customer_id: 0,
      },
    ]);
  });

  it('counts addresses already in the list in any batch, and leaves them alone', async () => {
    const listId = await createList(t);
    const ids: number[] = [];
    for (const email of ['Old3@Example.com', 'old7@example.com', 'old8@example.com']) {
      const res = await t.post(`/api/v1/lists/${listId}/subscribers`, {
        email,
        first_name: 'Original',
      });
      ids.push(res.json<{ id: number }>().id);
    }
    await t.post(`/api/v1/lists/${listId}/subscribers/${ids[1]}/unsubscribe`);
    // Batches of 3: new only; an existing address in the middle; new only (after a batch
    // that met the list); new only; an existing address last; the last row alone.
    const emails = [
      ...['new0', 'new1', 'new2'],
      ...['new3', 'old3', 'new5'],
      ...['new6', 'new7', 'new8'],
      ...['new9', 'new10', 'new11'],
      ...['new12', 'new13', 'OLD7'],
      'old8',
    ].map((name) => `${name}@example.com`);
    const file = ['email,first_name', ...emails.map((e) => `${e},New`)].join('\n');
    const created = await postImport(t, listId, file);
    expect(created.statusCode).toBe(201);
    await runImportJobs(t.db, { batchSize: 3 });

    const record = (await t.get(`/api/v1/lists/${listId}/imports/${created.json().id}`)).json();
    expect(record).toMatchObject({
      status: 'done',
      total_rows: 16,
      created: 13,
      skipped_existing: 3,
      skipped_duplicate: 0,
    });
    const subscribers = await allSubscribers(t, listId);
    expect(subscribers.map((s) => [s.email, s.first_name, s.subscription])).toEqual([
      ['Old3@Example.com', 'Original', 'active'],
      ['old7@example.com', 'Original', 'unsubscribed'],
      ['old8@example.com', 'Original', 'active'],
      ...emails.filter((e) => e.startsWith('new')).map((e) => [e, 'New', 'active']),
    ]);
  });
});

describe('subscriberInserter', () => {
  it('tries COPY first, and after a batch met the list inserts with ON CONFLICT until one does not', async () => {
    const listId = await createList(t);
    await t.post(`/api/v1/lists/${listId}/subscribers`, { email: 'old@example.com' });
    const insert = subscriberInserter();
    const target = { listId, userId: null, subscription: 'active' as const };
    /** The batches that tried COPY. */
    const copied: string[] = [];
    const batch = (name: string, emails: string[]) =>
      transactionWithCopy(t.db, (tx, copyCsv) => {
        const watched: CopyCsv = (into, csv) => {
          copied.push(name);
          return copyCsv(into, csv);
        };
        return insert(tx, watched, target, emails.map(blankSubscriber));
      });

    expect(await batch('1', ['a@example.com', 'b@example.com'])).toBe(2);
    expect(await batch('2', ['c@example.com', 'OLD@example.com'])).toBe(1);
    expect(await batch('3', ['d@example.com'])).toBe(1);
    expect(await batch('4', ['e@example.com'])).toBe(1);
    // The second batch's COPY failed on old@, so the third inserts with ON CONFLICT; it met
    // no address of the list, so the fourth tries COPY again.
    expect(copied).toEqual(['1', '2', '4']);

    const emails = (await allSubscribers(t, listId)).map((s) => s.email);
    expect(emails).toEqual([
      'old@example.com',
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
      'e@example.com',
    ]);
  });
});
