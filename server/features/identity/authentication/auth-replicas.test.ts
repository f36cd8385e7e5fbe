import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../app.js';
import { openDatabase, type Database } from '../../../db/client.js';
import { FailedAttemptThrottle } from '../sign-in/throttle.js';
import { basic, createTestContext, type TestContext } from '../../../test/harness.js';

/**
 * A password change or a deactivation made through one replica holds on the next request on
 * another replica over the same database, Basic included (issue 49, finding 10): its
 * credential cache must not let the old password in. The clock stands still, so the cache's
 * own 60-second lifetime never helps.
 */
let t: TestContext;
let replica: App;
let replicaDatabase: Database;
const clock = Date.UTC(2030, 0, 1);

beforeAll(async () => {
  t = await createTestContext({ throttle: new FailedAttemptThrottle(() => clock) });
  replicaDatabase = t.database.url
    ? await openDatabase({ databaseUrl: t.database.url })
    : t.database;
  replica = await buildApp({
    database: replicaDatabase,
    throttle: new FailedAttemptThrottle(() => clock),
  });
});
afterAll(async () => {
  await replica.close();
  if (replicaDatabase !== t.database) await replicaDatabase.close();
  await t.close();
});

const onReplica = (username: string, password: string) =>
  replica.inject({
    method: 'GET',
    url: '/api/v1/lists',
    headers: { authorization: basic(username, password) },
  });

function expectRefused(res: Awaited<ReturnType<typeof onReplica>>, detail: string) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ detail });
}

async function newUser(username: string, password: string) {
  const res = await t.post('/api/v1/users', { username, password, role: 'marketer' });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

/** The reset link mailed to `to` (the outbox, as its recipient reads it). */
async function resetLinkOf(to: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const { rows } = (await t.db.execute(
      sql`SELECT text FROM outbox_messages WHERE recipient = ${to} ORDER BY id DESC LIMIT 1`,
    )) as unknown as { rows: { text: string }[] };
    const link = /\/password-reset\/[A-Za-z0-9_-]{43}/.exec(rows[0]?.text ?? '')?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no reset mail to ${to}`);
}

describe('a second replica over the same database', () => {
  it('refuses the old password over Basic on the next request after a change', async () => {
    const id = await newUser('mover@example.com', 'first password here');
    expect((await onReplica('mover@example.com', 'first password here')).statusCode).toBe(200);

    const changed = await t.patch(`/api/v1/users/${id}`, { password: 'second password here' });
    expect(changed.statusCode).toBe(200);
    expectRefused(
      await onReplica('mover@example.com', 'first password here'),
      'Invalid username/password.',
    );
    expect((await onReplica('mover@example.com', 'second password here')).statusCode).toBe(200);

    // The same through a reset link, used on the first replica.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset',
      payload: { username: 'mover@example.com' },
    });
    expect(asked.statusCode).toBe(202);
    const link = await resetLinkOf('mover@example.com');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1${link}`,
      payload: { password: 'third password here' },
    });
    expect(reset.statusCode).toBe(200);
    expectRefused(
      await onReplica('mover@example.com', 'second password here'),
      'Invalid username/password.',
    );
    expect((await onReplica('mover@example.com', 'third password here')).statusCode).toBe(200);
  });

  it('keeps a password set again to the same value working', async () => {
    const id = await newUser('same@example.com', 'unchanging password');
    expect((await onReplica('same@example.com', 'unchanging password')).statusCode).toBe(200);
    const again = await t.patch(`/api/v1/users/${id}`, { password: 'unchanging password' });
    expect(again.statusCode).toBe(200);
    expect((await onReplica('same@example.com', 'unchanging password')).statusCode).toBe(200);
  });

  it('refuses a deactivated user’s password and token on the next request', async () => {
    const id = await newUser('leaver@example.com', 'leaver password here');
    const minted = await replica.inject({
      method: 'POST',
      url: `/api/v1/users/${id}/tokens`,
      headers: { authorization: basic('leaver@example.com', 'leaver password here') },
      payload: { name: 'integration' },
    });
    expect(minted.statusCode).toBe(201);
    const token = minted.json<{ token: string }>().token;
    expect((await onReplica('leaver@example.com', 'leaver password here')).statusCode).toBe(200);
    expect((await onReplica('leaver@example.com', token)).statusCode).toBe(200);

    expect((await t.patch(`/api/v1/users/${id}`, { active: false })).statusCode).toBe(200);
    for (const secret of ['leaver password here', token]) {
      expectRefused(await onReplica('leaver@example.com', secret), 'User inactive or deleted.');
    }
  });
});
