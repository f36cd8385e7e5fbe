import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zodValidatorCompiler } from '../../lib/validation.js';
import { errorsPlugin } from '../../plugins/errors.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { User } from '../identity/index.js';
import { queryRows } from '../../db/query-rows.js';
import { importsRoutes } from './routes.js';
import { createList, multipartBody, postImport } from '../../test/imports.js';
import { CHUNK_BYTES } from './upload.js';
import { runImportJobs } from './worker.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('large uploads', () => {
  it('stores a file in chunks and reads it back across chunk and batch boundaries', async () => {
    const listId = await createList(t);
    await t.post(`/api/v1/lists/${listId}/fields`, { name: 'notes', type: 'string' });
    const rows = Array.from(
      { length: 30_000 },
      (_, i) => `user${i}@example.com,"Jürgen ""J"", Nr. ${i}","line one\nline two ü"`,
    );
    const file = ['email,first_name,notes', ...rows].join('\r\n');
    expect(Buffer.byteLength(file)).toBeGreaterThan(2 * CHUNK_BYTES);
    const { id } = (await postImport(t, listId, file)).json();
    const chunks = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM import_chunks WHERE import_id = ${id}`,
    );
    expect(chunks).toEqual([{ n: 3 }]);

    await runImportJobs(t.db, { batchSize: 7_000 });
    const record = (await t.get(`/api/v1/lists/${listId}/imports/${id}`)).json();
    expect(record).toMatchObject({
      status: 'done',
      total_rows: 30_000,
      created: 30_000,
      invalid: 0,
    });
    const list = (await t.get(`/api/v1/lists/${listId}`)).json();
    expect(list.subscriber_counts.active).toBe(30_000);
    const last = await t.get(`/api/v1/lists/${listId}/subscribers?email=user29999@example.com`);
    expect(last.json().results).toEqual([
      expect.objectContaining({
        email: 'user29999@example.com',
        first_name: 'Jürgen "J", Nr. 29999',
        notes: 'line one\nline two ü',
      }),
    ]);
  });

  it('refuses a file over the size limit with 413 and keeps nothing', async () => {
    const app = Fastify();
    app.setValidatorCompiler(zodValidatorCompiler);
    await app.register(errorsPlugin, { spa: false, invalidLinkPage: 'This link is not valid' });
    app.decorateRequest('user', null as unknown as User);
    app.addHook('onRequest', async (request) => {
      request.user = t.admin;
    });
    await app.register(importsRoutes, { db: t.db, maxFileBytes: 1000, prefix: '/api/v1' });
    try {
      const listId = await createList(t);
      const send = (content: string) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/lists/${listId}/imports`,
          ...multipartBody([{ name: 'file', filename: 'big.csv', content }]),
        });
      const tooBig = await send(`email\n${'a@example.com\n'.repeat(100)}`);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toEqual({
        detail: 'The file is larger than 1 KB, the largest import accepted.',
      });
      const ok = await send('email\na@example.com\n');
      expect(ok.statusCode).toBe(201);
      const list = await t.get(`/api/v1/lists/${listId}/imports`);
      expect(list.json().count).toBe(1);
    } finally {
      await app.close();
    }
  });
});
