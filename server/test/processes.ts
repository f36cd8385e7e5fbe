import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real server and CLI processes on a temporary DATA_DIR, as a user starts them
 * (`node --import tsx …`, what the npm scripts run).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_PASSWORD = 'process test password';
const authorization = `Basic ${Buffer.from(`admin@example.com:${ADMIN_PASSWORD}`).toString('base64')}`;

export function processEnv(dataDir: string, extra: Record<string, string> = {}) {
  // Nothing of the test runner's own configuration leaks in (no DATABASE_URL: PGlite).
  const unset = new Set(['DATABASE_URL', 'UPSTREAM_API_URL', 'PORT', 'HOST', 'NODE_OPTIONS']);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !unset.has(k)));
  return {
    ...env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_PASSWORD,
    DEMO_DATA: '0',
    // Tests that load the demo data compare what it holds; nothing should be sending meanwhile.
    DEMO_LIVE_DELIVERY: '0',
    LOG_LEVEL: 'warn',
    DIST_DIR: path.join(dataDir, 'no-dashboard'),
    ...extra,
  };
}

/**
 * One replica of a deployment on a shared PostgreSQL (`DATABASE_URL`): no DATA_DIR is used,
 * so several replicas run side by side on one database.
 */
export const replicaEnv = (databaseUrl: string, extra: Record<string, string> = {}) => ({
  ...processEnv(path.join(os.tmpdir(), 'mailboard-replica-unused'), extra),
  DATABASE_URL: databaseUrl,
});

/** Asks `probe` every 100 ms until it answers something; fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 90_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/**
 * `group`: the script runs under a shell in a process group of its own, as `npm start` under a
 * supervisor does; killing the group (`killGroup`) orphans the node process as it dies.
 */
function spawnScript(script: string, args: string[], env: NodeJS.ProcessEnv, group = false) {
  const command = [process.execPath, '--import', 'tsx', script, ...args];
  if (group) {
    // `; true` keeps the shell as the node process's parent instead of exec'ing it.
    const line = `${command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ')}; true`;
    return spawn('sh', ['-c', line], {
      cwd: root,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
  }
  const [node, ...rest] = command;
  return spawn(node!, rest, { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** SIGKILL to every process of a server started with `{ group: true }`. */
export const killGroup = (server: RunningServer) => process.kill(-server.child.pid!, 'SIGKILL');

export type Finished = {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
};

function collect(child: ChildProcess) {
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<Finished>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, ...output })),
  );
  return { output, exited };
}

/** Runs a CLI script to its end (stdin closed, or `input` piped). */
export async function runScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  input = '',
): Promise<Finished> {
  const child = spawnScript(script, args, env);
  const { exited } = collect(child);
  child.stdin!.end(input);
  return exited;
}

export type RunningServer = {
  child: ChildProcess;
  pid: number;
  url: string;
  exited: Promise<Finished>;
  request(method: string, url: string, body?: unknown): Promise<Response>;
  json<T>(url: string): Promise<T>;
};

/** Starts server/main.ts and resolves once it prints its URL. */
export async function startServer(
  env: NodeJS.ProcessEnv,
  { group = false }: { group?: boolean } = {},
): Promise<RunningServer> {
  const child = spawnScript('server/main.ts', [], env, group);
  child.stdin!.end();
  const { output, exited } = collect(child);
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output.stdout);
      if (match) {
        child.stdout!.off('data', check);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((end) =>
      reject(new Error(`server exited (${end.code ?? end.signal}): ${end.stderr}${end.stdout}`)),
    );
  });
  const request = (method: string, path: string, body?: unknown) =>
    fetch(url + path, {
      method,
      headers: {
        authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    child,
    pid: child.pid!,
    url,
    exited,
    request,
    async json<T>(path: string) {
      const res = await request('GET', path);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
  };
}

export { authorization };
