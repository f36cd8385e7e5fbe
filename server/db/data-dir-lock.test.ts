import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authorization, killGroup, processEnv, runScript, startServer } from '../test/processes.js';
import { openDatabase } from './client.js';
import { sql } from 'drizzle-orm';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mailboard-lock-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}

const newList = (name: string) => ({
  name,
  default_from_name: 'Acme',
  default_from_email: 'news@acme.example',
});

/** POSTs a list, sending the body's second half only after `between` has run. */
function postListInTwoParts(url: string, name: string, between: () => Promise<void>) {
  const body = Buffer.from(JSON.stringify(newList(name)));
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${url}/api/v1/lists`, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/json',
        'content-length': body.byteLength,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.write(body.subarray(0, 10));
    void between().then(() => req.end(body.subarray(10)), reject);
  });
}

describe('one process per DATA_DIR', () => {
  it('refuses a second server and the users command while the first keeps serving; a SIGKILLed holder does not block the next start', async () => {
    const dataDir = await tempDataDir();
    const first = await startServer(processEnv(dataDir));
    try {
      const [second, users] = await Promise.all([
        runScript('server/main.ts', [], processEnv(dataDir)),
        runScript('server/cli/users.ts', ['list'], processEnv(dataDir)),
      ]);
      for (const refused of [second, users]) {
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(
          `The data directory ${dataDir} is in use by the Mailboard server (PID ${first.pid}, since `,
        );
        expect(refused.stderr).toContain(`Stop that process first (kill ${first.pid})`);
        expect(refused.stdout).not.toContain('running at');
      }

      // The first server still serves, and every write it acknowledges survives SIGKILL.
      const names = ['Grüße aus Tirol', 'Ærø news', 'Plain list'];
      for (const name of names) {
        expect((await first.request('POST', '/api/v1/lists', newList(name))).status).toBe(201);
      }
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(existsSync(path.join(dataDir, '.mailboard', 'lock'))).toBe(true);

      const next = await startServer(processEnv(dataDir));
      try {
        const lists = await next.json<{ results: { name: string }[] }>('/api/v1/lists');
        expect(lists.results.map((l) => l.name).sort()).toEqual([...names].sort());

        // SIGTERM: a request already being received is answered, then the server stops
        // with its database closed and the lock released.
        const inFlight = await postListInTwoParts(next.url, 'Sent during shutdown', async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          next.child.kill('SIGTERM');
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        expect(inFlight.status).toBe(201);
        const stopped = await next.exited;
        expect(stopped.code).toBe(0);
      } finally {
        next.child.kill('SIGKILL');
      }
      expect(existsSync(path.join(dataDir, '.mailboard', 'lock'))).toBe(false);

      // Opened right away by another process: the shutdown released the lock.
      const database = await openDatabase({ dataDir });
      try {
        const { rows } = (await database.db.execute(sql`SELECT name FROM lists`)) as unknown as {
          rows: { name: string }[];
        };
        expect(rows.map((r) => r.name).sort()).toEqual([...names, 'Sent during shutdown'].sort());
      } finally {
        await database.close();
      }
    } finally {
      first.child.kill('SIGKILL');
    }
  }, 300_000);

  it('a server whose process group was killed does not block a start made at once, 20 times', async () => {
    const dataDir = await tempDataDir();
    let server = await startServer(processEnv(dataDir), { group: true });
    try {
      for (let round = 1; round <= 20; round++) {
        const made = await server.request('POST', '/api/v1/lists', newList(`Round ${round}`));
        expect(made.status).toBe(201);
        // The old node process may still be exiting, or a zombie nobody has reaped yet.
        killGroup(server);
        server = await startServer(processEnv(dataDir), { group: true });
      }
      const lists = await server.json<{ count: number }>('/api/v1/lists');
      expect(lists.count).toBe(20);
    } finally {
      killGroup(server);
    }
  }, 600_000);
});
