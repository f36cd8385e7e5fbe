import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp, type App, type AppOptions } from '../app.js';
import type { Database, Db } from '../db/client.js';
import { usersRepository, type User } from '../features/identity/index.js';
import { openTestDatabase } from './database.js';
import { responseConformance } from './response-conformance.js';

export const ADMIN = { username: 'admin@example.com', password: 'correct horse battery' };

export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export type TestContext = {
  app: App;
  db: Db;
  database: Database & { url?: string };
  admin: User;
  /** An authenticated request as the admin; pass `headers` to override. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  /** Empties every table but users, restarting ids, between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The real app on a fresh database, shared by the tests of one file:
 * `const t = await createTestContext()` in beforeAll, `t.reset()` in beforeEach, `t.close()`
 * in afterAll.
 */
export async function createTestContext(options: Partial<AppOptions> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const admin = await usersRepository(database.db).create(ADMIN.username, ADMIN.password);
  // Every JSON answer is held against the OpenAPI document when the file closes its app.
  const conformance = responseConformance();
  const app = await buildApp({
    database,
    ...options,
    onRoute: (route) => {
      options.onRoute?.(route);
      conformance.onRoute(route);
    },
  });
  const authorization = basic(ADMIN.username, ADMIN.password);
  const request = (opts: InjectOptions) =>
    app.inject({ ...opts, headers: { authorization, ...opts.headers } });
  const withBody = (method: 'POST' | 'PUT' | 'PATCH') => (url: string, payload?: unknown) =>
    request({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    app,
    db: database.db,
    database,
    admin,
    request,
    get: (url) => request({ method: 'GET', url }),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    delete: (url) => request({ method: 'DELETE', url }),
    async reset() {
      await database.db.execute(
        sql`TRUNCATE lists, subscribers, subscriber_history, import_updates, import_undo_conflicts, custom_fields, list_subscriber_counts, campaigns RESTART IDENTITY CASCADE`,
      );
    },
    async close() {
      const violations = conformance.violations(
        () => app.swagger() as ReturnType<Parameters<typeof conformance.violations>[0]>,
      );
      await app.close();
      await database.close();
      if (violations.length > 0) {
        throw new Error(`Answers the OpenAPI document does not allow:\n${violations.join('\n')}`);
      }
    },
  };
}
