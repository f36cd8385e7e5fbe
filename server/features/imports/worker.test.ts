import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList, postImport } from './test-support.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ importWorker: true });
});
afterAll(() => t.close());

describe('the job loop of the server', () => {
  it('processes an upload after the 201 on its own', async () => {
    const listId = await createList(t);
    const created = await postImport(t, listId, 'email\na@example.com\nb@example.com\n');
    expect(created.statusCode).toBe(201);
    let record = created.json();
    for (let i = 0; i < 100 && record.status !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      record = (await t.get(`/api/v1/lists/${listId}/imports/${record.id}`)).json();
    }
    expect(record).toMatchObject({ status: 'done', total_rows: 2, created: 2 });
  });
});
