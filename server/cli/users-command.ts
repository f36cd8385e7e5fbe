import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { DEFAULT_ROLE } from '../../contract/permissions.js';
import {
  accountsRepository,
  rolesRepository,
  usersRepository,
} from '../features/identity/index.js';

export const USAGE = `Usage: npm run users -- <command>

  add <username> [--role <role>]
                      create a user (the username must contain "@"); the role is admin
                      unless given (admin, marketer, support, analyst or a custom role)
  role <username> --role <role>
                      give a user another role
  passwd <username>   set a user's password (signs the user out everywhere)
  remove <username>   delete a user (signs the user out everywhere)
  list                print id, username, role and creation time of every user

The password is asked twice on a terminal, or read from the first line of standard input:
  echo 'a long password' | npm run users -- add someone@example.com`;

export const MIN_PASSWORD_LENGTH = 8;
const MAX_USERNAME_LENGTH = 254;

export type UsersIo = {
  /** The new password: asked twice on a terminal, else the first line of stdin. */
  readPassword(): Promise<string>;
  out(line: string): void;
  err(line: string): void;
};

/** A failure the user can fix; its message is printed as it is. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** `npm run users -- add|passwd|remove|list`; returns the exit code. */
export async function usersCommand(args: string[], db: Db, io: UsersIo): Promise<number> {
  try {
    await run(args, db, io);
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    io.err(error.message);
    return error.exitCode;
  }
}

/** `--role x` or `--role=x` anywhere among the arguments; the others are returned as they are. */
function roleOption(args: string[]): { role?: string; rest: string[] } {
  const rest: string[] = [];
  let role: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--role') {
      role = args[++i];
      if (role === undefined) throw new CliError(USAGE, 2);
    } else if (arg.startsWith('--role=')) role = arg.slice('--role='.length);
    else rest.push(arg);
  }
  return { role, rest };
}

async function checkedRole(db: Db, role: string | undefined) {
  if (role === undefined) return undefined;
  if (!(await rolesRepository(db).exists(role))) {
    const names = (await rolesRepository(db).list()).map((r) => r.name).join(', ');
    throw new CliError(`No role "${role}" (roles: ${names}).`);
  }
  return role;
}

async function run(args: string[], db: Db, io: UsersIo) {
  const [command, ...options] = args;
  const { role: roleArgument, rest } = roleOption(options);
  const users = usersRepository(db);
  switch (command) {
    case 'role': {
      const username = usernameArgument(rest);
      const role = await checkedRole(db, roleArgument);
      if (!role) throw new CliError(USAGE, 2);
      const user = await users.findByUsername(username);
      if (!user) throw new CliError(`No user ${username}.`);
      await accountsRepository(db).update(user.id, { role });
      io.out(`${user.username} is now ${role}.`);
      return;
    }
    case 'add': {
      const username = usernameArgument(rest);
      const role = await checkedRole(db, roleArgument);
      if (await users.findByUsername(username)) {
        throw new CliError(
          `User ${username} already exists (use "passwd" to change its password).`,
        );
      }
      const password = await newPassword(io);
      try {
        const user = await users.create(username, password);
        if (role) await accountsRepository(db).update(user.id, { role });
        io.out(`Created user ${user.username} (id ${user.id}, ${role ?? DEFAULT_ROLE}).`);
      } catch (error) {
        // Created by someone else between the check and the insert.
        if (isUniqueViolation(error)) throw new CliError(`User ${username} already exists.`);
        throw error;
      }
      return;
    }
    case 'passwd': {
      const username = usernameArgument(rest);
      const user = await users.findByUsername(username);
      if (!user) throw new CliError(`No user ${username}.`);
      const password = await newPassword(io);
      if (!(await users.setPassword(username, password)))
        throw new CliError(`No user ${username}.`);
      io.out(`Changed the password of ${user.username}; its sessions have ended.`);
      return;
    }
    case 'remove': {
      const username = usernameArgument(rest);
      if (!(await users.remove(username))) throw new CliError(`No user ${username}.`);
      io.out(`Removed user ${username}; its sessions have ended.`);
      return;
    }
    case 'list': {
      if (rest.length > 0) throw new CliError(USAGE, 2);
      const all = await users.list();
      if (all.length === 0) {
        io.out('No users.');
        return;
      }
      const width = Math.max(2, ...all.map((u) => String(u.id).length));
      const nameWidth = Math.max(8, ...all.map((u) => u.username.length));
      const roleWidth = Math.max(4, ...all.map((u) => u.role.length));
      io.out(
        `${'id'.padStart(width)}  ${'username'.padEnd(nameWidth)}  ${'role'.padEnd(roleWidth)}  created`,
      );
      for (const u of all) {
        io.out(
          `${String(u.id).padStart(width)}  ${u.username.padEnd(nameWidth)}  ${u.role.padEnd(roleWidth)}  ${u.createDatetime.toISOString()}`,
        );
      }
      return;
    }
    default:
      throw new CliError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE, 2);
  }
}

function usernameArgument(rest: string[]): string {
  if (rest.length !== 1) throw new CliError(USAGE, 2);
  const username = rest[0]!.trim();
  if (!username.includes('@')) throw new CliError('The username must contain "@".');
  if (username.length > MAX_USERNAME_LENGTH) {
    throw new CliError(`The username must have at most ${MAX_USERNAME_LENGTH} characters.`);
  }
  // Identity's Basic authentication refuses such headers, so such a user could never sign in.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f:]/.test(username)) {
    throw new CliError('The username must not contain spaces, colons or control characters.');
  }
  return username;
}

async function newPassword(io: UsersIo): Promise<string> {
  const password = await io.readPassword();
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new CliError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(password)) {
    throw new CliError('The password must not contain control characters.');
  }
  return password;
}
