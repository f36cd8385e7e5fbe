import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's dovecot-imapd puts the binary here; PATH is tried too. */
const CANDIDATES = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'];

/** The dovecot binary, or undefined when it is not installed (the tests then skip, saying so). */
export function dovecotBinary(): string | undefined {
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v dovecot'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() || undefined : undefined;
}

export type Dovecot = {
  url: (folder?: string) => string;
  user: string;
  password: string;
  port: number;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function listening(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`dovecot did not listen on ${port}`);
}

const idOf = (flag: '-u' | '-g', name: string) =>
  Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());

/**
 * A private Dovecot for one test file: its own configuration, passwd-file user and maildirs
 * in a temporary directory, IMAP with plain authentication on a free loopback port, never
 * the system's service. As root, mail is owned by `nobody` (Dovecot refuses uid 0) and its
 * own processes run as the package's users; otherwise everything runs as the caller.
 */
export async function startDovecot(binary: string): Promise<Dovecot> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mailboard-dovecot-'));
  await chmod(dir, 0o755);
  const port = await freePort();
  const user = 'bounces';
  const password = 'bounce-mailbox-password';
  const root = process.getuid?.() === 0;
  const me = spawnSync('id', ['-un'], { encoding: 'utf8' }).stdout.trim();
  const uid = root ? idOf('-u', 'nobody') : process.getuid!();
  const gid = root ? idOf('-g', 'nobody') : process.getgid!();
  await mkdir(path.join(dir, 'mail'), { recursive: true });
  if (root) await chown(path.join(dir, 'mail'), uid, gid);
  await writeFile(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`);
  const config = [
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${dir}/dovecot.log`,
    'protocols = imap',
    'listen = 127.0.0.1',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    `default_login_user = ${root ? 'dovenull' : me}`,
    `default_internal_user = ${root ? 'dovecot' : me}`,
    ...(root
      ? []
      : [
          `default_internal_group = ${spawnSync('id', ['-gn'], { encoding: 'utf8' }).stdout.trim()}`,
        ]),
    `first_valid_uid = ${uid}`,
    `mail_location = maildir:${dir}/mail/%u`,
    'passdb {',
    '  driver = passwd-file',
    `  args = scheme=PLAIN username_format=%u ${dir}/passwd`,
    '}',
    'userdb {',
    '  driver = static',
    `  args = uid=${uid} gid=${gid} home=${dir}/mail/%u`,
    '}',
    'service imap-login {',
    '  inet_listener imap {',
    '    address = 127.0.0.1',
    `    port = ${port}`,
    '  }',
    '  inet_listener imaps {',
    '    port = 0',
    '  }',
    '}',
    'service stats {',
    '  unix_listener stats-reader {',
    '    mode = 0666',
    '  }',
    '  unix_listener stats-writer {',
    '    mode = 0666',
    '  }',
    '}',
    '',
  ].join('\n');
  await writeFile(path.join(dir, 'dovecot.conf'), config);
  const child: ChildProcess = spawn(binary, ['-F', '-c', path.join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await listening(port, Date.now() + 15_000);
  } catch (error) {
    child.kill('SIGTERM');
    const log = await readFile(path.join(dir, 'dovecot.log'), 'utf8').catch(() => '');
    throw new Error(`${(error as Error).message}\n${stderr}\n${log}`);
  }
  return {
    port,
    user,
    password,
    url: (folder = 'INBOX') => `imap://${user}:${password}@127.0.0.1:${port}/${folder}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
