import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { openTestDatabase } from '../../../test/database.js';
import { verifyPassword } from '../sign-in/password.js';
import { usersRepository } from './repository.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('usersRepository', () => {
  it('finds users by username case-insensitively and keeps usernames unique that way', async () => {
    const users = usersRepository(database.db);
    const eve = await users.create('Eve@Example.com', 'eve password');
    expect(eve).toEqual({ id: expect.any(Number), username: 'Eve@Example.com' });
    expect((await users.findByUsername('eve@example.COM'))?.id).toBe(eve.id);
    expect(await users.findByUsername('nobody@example.com')).toBeUndefined();
    await expect(users.create('EVE@example.com', 'other password')).rejects.toThrow();
  });

  it('ensures the admin user: creates it once, then resets its password', async () => {
    const users = usersRepository(database.db);
    expect(await users.ensure('root@example.com', 'first password')).toBe('created');
    expect(await users.ensure('ROOT@example.com', 'second password')).toBe('updated');
    const row = (await users.findByUsername('root@example.com'))!;
    expect(row.username).toBe('root@example.com');
    expect(await verifyPassword('second password', row.passwordHash)).toBe(true);
    expect((await users.list()).map((u) => u.username)).toEqual([
      'Eve@Example.com',
      'root@example.com',
    ]);
  });

  it('reports an unknown user when setting a password', async () => {
    expect(await usersRepository(database.db).setPassword('ghost@example.com', 'x')).toBe(false);
  });
});
