import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { suppressAddress, suppressErased, suppressionMessage } from '../suppressions/index.js';
import { createList, importFile, postImport } from '../../test/imports.js';
import { runImportJobs } from './worker.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

/** Every column of every subscriber of the list, as the database holds them. */
const snapshot = (listId: number) =>
  queryRows<Record<string, unknown>>(
    t.db,
    sql`SELECT * FROM subscribers WHERE list_id = ${listId} ORDER BY id`,
  );

const url = (listId: number, importId: number, rest = '') =>
  `/api/v1/lists/${listId}/imports/${importId}${rest}`;

/** A list of three (one unsubscribed) with a custom field, imported and then edited. */
async function listOfThree() {
  const listId = await createList(t);
  await t.post(`/api/v1/lists/${listId}/fields`, { name: 'plan', type: 'string' });
  const first = await importFile(
    t,
    listId,
    'email,first_name,plan\na@x.org,Ann,free\nb@x.org,Bob,free\nc@x.org,Cy,\n',
  );
  expect(first).toMatchObject({ created: 3, on_existing: 'skip', updated: 0, undo: null });
  const [, b] = await snapshot(listId);
  expect(
    (await t.post(`/api/v1/lists/${listId}/subscribers/${b!.id}/unsubscribe`)).statusCode,
  ).toBe(200);
  return listId;
}

const UPDATE_FILE =
  'E-Mail,Last name,plan\nA@x.org,Archer,pro\nb@x.org,Brown,pro\nc@x.org,,\nd@x.org,Dee,pro\n';

describe('update mode and undo', () => {
  it('updates mapped columns but never the state, and an undo restores the list exactly', async () => {
    const listId = await listOfThree();
    const before = await snapshot(listId);

    const record = await importFile(t, listId, UPDATE_FILE, [['on_existing', 'update']]);
    expect(record).toMatchObject({
      status: 'done',
      on_existing: 'update',
      total_rows: 4,
      created: 1,
      updated: 2,
      skipped_existing: 1,
    });
    const during = await snapshot(listId);
    expect(
      during.map((s) => [s.email, s.first_name, s.last_name, s.subscription, s.custom]),
    ).toEqual([
      ['a@x.org', 'Ann', 'Archer', 'active', { plan: 'pro' }],
      ['b@x.org', 'Bob', 'Brown', 'unsubscribed', { plan: 'pro' }],
      ['c@x.org', 'Cy', '', 'active', { plan: '' }],
      ['d@x.org', '', 'Dee', 'active', { plan: 'pro' }],
    ]);
    const created = during[3]!.id as number;

    const undo = await t.post(url(listId, record.id, '/undo'), {});
    expect(undo.statusCode, undo.body).toBe(202);
    expect(undo.json().undo).toMatchObject({ status: 'queued', remove_mailed: false });
    await runImportJobs(t.db);

    expect(await snapshot(listId)).toEqual(before);
    expect((await t.get(`/api/v1/lists/${listId}/subscribers/${created}`)).statusCode).toBe(404);
    const done = (await t.get(url(listId, record.id))).json();
    expect(done.undo).toMatchObject({
      status: 'done',
      deleted: 1,
      restored: 2,
      kept_mailed: 0,
      conflict_count: 0,
      conflicts: [],
    });
    const again = await t.post(url(listId, record.id, '/undo'), {});
    expect(again.statusCode).toBe(409);
    await t.app.auditWritten();
    const [audited] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE route LIKE '%/undo'`,
    );
    expect(audited?.n).toBe(2);
  });

  it('leaves rows changed since the import and reports them as conflicts', async () => {
    const listId = await listOfThree();
    const record = await importFile(t, listId, UPDATE_FILE, [['on_existing', 'update']]);
    const rows = await snapshot(listId);
    const [a, , , d] = rows;
    // Edited after the import: one it updated, one it created.
    await t.patch(`/api/v1/lists/${listId}/subscribers/${a!.id}`, { first_name: 'Anne' });
    await t.patch(`/api/v1/lists/${listId}/subscribers/${d!.id}`, { first_name: 'Dora' });

    const undo = await t.post(url(listId, record.id, '/undo'));
    expect(undo.statusCode, undo.body).toBe(202);
    await runImportJobs(t.db);
    const after = await snapshot(listId);
    expect(after.map((s) => [s.email, s.first_name, s.last_name])).toEqual([
      ['a@x.org', 'Anne', 'Archer'],
      ['b@x.org', 'Bob', ''],
      ['c@x.org', 'Cy', ''],
      ['d@x.org', 'Dora', 'Dee'],
    ]);
    const done = (await t.get(url(listId, record.id))).json();
    expect(done.undo).toMatchObject({
      status: 'done',
      deleted: 0,
      restored: 1,
      conflict_count: 2,
      conflicts: [
        { id: a!.id, email: 'a@x.org' },
        { id: d!.id, email: 'd@x.org' },
      ],
    });
    const csv = await t.get(url(listId, record.id, '/undo-conflicts.csv'));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe(`\uFEFFid,email\r\n${a!.id},a@x.org\r\n${d!.id},d@x.org\r\n`);
  });

  it('refuses rows whose address is suppressed, an erased one whatever its case', async () => {
    const listId = await createList(t);
    await suppressErased(t.db, 'gone@x.org', 'erasure');
    await suppressAddress(t.db, { email: 'spam@x.org', reason: 'complaint', source: 'test' });
    const record = await importFile(t, listId, 'email\nok@x.org\nGONE@x.org\nspam@x.org\n');
    expect(record).toMatchObject({ created: 1, invalid: 2, total_rows: 3 });
    expect(record.errors).toEqual([
      { row: 3, field: 'email', message: suppressionMessage('erased') },
      { row: 4, field: 'email', message: suppressionMessage('complaint') },
    ]);
  });

  it('refuses a bad on_existing and an undo of an unfinished or unknown import', async () => {
    const listId = await createList(t);
    const bad = await postImport(t, listId, 'email\na@x.org\n', [['on_existing', 'merge']]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      on_existing: ['"merge" is not a valid choice. Use "skip" or "update".'],
    });
    const queued = await postImport(t, listId, 'email\na@x.org\n');
    expect((await t.post(url(listId, queued.json().id, '/undo'), {})).statusCode).toBe(409);
    expect((await t.post(url(listId, 999, '/undo'), {})).statusCode).toBe(404);
  });
});
