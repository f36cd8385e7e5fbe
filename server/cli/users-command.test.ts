import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { usersRepository, verifyPassword } from '../features/identity/index.js';
import { openTestDatabase } from '../test/database.js';
import { usersCommand } from './users-command.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Runs the command as `npm run users -- …` would, with `password` as the typed answer. */
async function users(args: string[], password?: string) {
  const out: string[] = [];
  const err: string[] = [];
  let asked = 0;
  const code = await usersCommand(args, database.db, {
    readPassword: async () => {
      asked++;
      if (password === undefined) throw new Error('no password expected');
      return password;
    },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), asked };
}

const hashOf = async (username: string) =>
  (await usersRepository(database.db).findByUsername(username))?.passwordHash ?? '';

describe('npm run users', () => {
  it('adds a user whose password then verifies', async () => {
    const res = await users(['add', 'ann@example.com'], 'a long password');
    expect(res).toMatchObject({ code: 0, err: '' });
    expect(res.out).toMatch(/^Created user ann@example\.com \(id \d+, admin\)\.$/);
    expect(await verifyPassword('a long password', await hashOf('ann@example.com'))).toBe(true);
  });

  it('refuses a duplicate user, compared case-insensitively, before asking a password', async () => {
    await users(['add', 'bob@example.com'], 'a long password');
    const res = await users(['add', 'BOB@example.com'], 'another password');
    expect(res.code).toBe(1);
    expect(res.asked).toBe(0);
    expect(res.err).toBe(
      'User BOB@example.com already exists (use "passwd" to change its password).',
    );
  });

  it('insists on "@" in the username and 8 characters in the password', async () => {
    const noAt = await users(['add', 'carol'], 'a long password');
    expect(noAt).toMatchObject({ code: 1, err: 'The username must contain "@".', asked: 0 });
    const spaced = await users(['add', 'ca rol@example.com'], 'a long password');
    expect(spaced.code).toBe(1);
    const short = await users(['add', 'carol@example.com'], 'seven77');
    expect(short).toMatchObject({
      code: 1,
      err: 'The password must have at least 8 characters.',
    });
    expect(await usersRepository(database.db).findByUsername('carol@example.com')).toBeUndefined();
  });

  it('changes the password of an existing user', async () => {
    await users(['add', 'dan@example.com'], 'first password');
    const res = await users(['passwd', 'DAN@example.com'], 'second password');
    expect(res).toMatchObject({
      code: 0,
      out: 'Changed the password of dan@example.com; its sessions have ended.',
    });
    const hash = await hashOf('dan@example.com');
    expect(await verifyPassword('second password', hash)).toBe(true);
    expect(await verifyPassword('first password', hash)).toBe(false);
  });

  it('refuses to change the password of an unknown user', async () => {
    const res = await users(['passwd', 'nobody@example.com'], 'a long password');
    expect(res).toMatchObject({ code: 1, err: 'No user nobody@example.com.', asked: 0 });
  });

  it('removes a user, and refuses to remove an unknown one', async () => {
    await users(['add', 'eve@example.com'], 'a long password');
    const res = await users(['remove', 'EVE@example.com']);
    expect(res).toMatchObject({
      code: 0,
      out: 'Removed user EVE@example.com; its sessions have ended.',
      asked: 0,
    });
    expect(await usersRepository(database.db).findByUsername('eve@example.com')).toBeUndefined();
    expect(await users(['remove', 'eve@example.com'])).toMatchObject({
      code: 1,
      err: 'No user eve@example.com.',
    });
  });

  it('gives a role with --role, and refuses one that does not exist', async () => {
    const res = await users(['add', '--role', 'support', 'sue@example.com'], 'a long password');
    expect(res.out).toMatch(/^Created user sue@example\.com \(id \d+, support\)\.$/);
    expect(await users(['role', 'sue@example.com', '--role=analyst'])).toMatchObject({
      code: 0,
      out: 'sue@example.com is now analyst.',
    });
    const wrong = await users(['add', 'zed@example.com', '--role', 'boss']);
    expect(wrong).toMatchObject({ code: 1, asked: 0 });
    expect(wrong.err).toMatch(/^No role "boss" \(roles: admin, marketer, support, analyst\)\.$/);
    await users(['remove', 'sue@example.com']);
  });

  it('lists id, username, role and creation time', async () => {
    const res = await users(['list']);
    expect(res.code).toBe(0);
    const [header, ...rows] = res.out.split('\n');
    expect(header).toMatch(/^\s*id\s+username\s+role\s+created$/);
    const names = rows.map((row) => row.trim().split(/\s+/)[1]);
    expect(names).toEqual(['ann@example.com', 'bob@example.com', 'dan@example.com']);
    for (const row of rows) {
      expect(row).toMatch(
        /^\s*\d+\s+\S+@example\.com\s+admin\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
      );
    }
  });

  it('prints the usage with exit code 2 for a missing or unknown command or argument', async () => {
    for (const args of [[], ['frob'], ['add'], ['add', 'a@b.c', 'extra'], ['list', 'x']]) {
      const res = await users(args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.err).toContain('Usage: npm run users -- <command>');
    }
  });
});
