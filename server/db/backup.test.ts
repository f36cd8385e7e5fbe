import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processEnv, runScript, startServer, type RunningServer } from '../test/processes.js';

let tempRoot: string;
afterAll(() => rm(tempRoot, { recursive: true, force: true }));

type Page<T> = { results: T[] };
type List = { id: number; name: string; subscriber_counts: Record<string, number> };
type Subscriber = Record<string, unknown>;
const BUILT_IN = new Set([
  'id',
  'create_datetime',
  'create_user',
  'update_datetime',
  'update_user',
  'subscription',
  'email',
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'language',
  'region',
]);

/** What a user sees of the demo data: counts per state, one subscriber, layout images. */
async function snapshot(server: RunningServer, subscriberRef?: { list: number; id: number }) {
  const lists = (await server.json<Page<List>>('/api/v1/lists?page_size=100')).results;
  const counts = Object.fromEntries(lists.map((l) => [l.name, l.subscriber_counts]));

  let subscriber: Subscriber | undefined;
  if (subscriberRef) {
    subscriber = await server.json(
      `/api/v1/lists/${subscriberRef.list}/subscribers/${subscriberRef.id}`,
    );
  } else {
    // A subscriber with a custom field set and a name beyond ASCII (ü, ß, …).
    for (const list of lists) {
      const page = await server.json<Page<Subscriber>>(
        `/api/v1/lists/${list.id}/subscribers?page_size=1000`,
      );
      subscriber = page.results.find(
        (s) =>
          /[^ -~]/.test(`${String(s.first_name)}${String(s.last_name)}`) &&
          Object.entries(s).some(([k, v]) => !BUILT_IN.has(k) && v !== '' && v !== null),
      );
      if (subscriber) {
        subscriberRef = { list: list.id, id: Number(subscriber.id) };
        break;
      }
    }
  }

  // Every layout image a mailing refers to, by content.
  const images: Record<string, string> = {};
  const mailings = (await server.json<Page<{ id: number }>>('/api/v1/mailings?page_size=100'))
    .results;
  for (const { id } of mailings) {
    const mailing = await server.json<{ variants: { layout: { source: string } }[] }>(
      `/api/v1/mailings/${id}`,
    );
    for (const variant of mailing.variants) {
      for (const [url] of variant.layout.source.matchAll(/\/media\/layouts\/\d+\/[^"')\s>]+/g)) {
        const res = await fetch(server.url + url);
        expect(res.status, url).toBe(200);
        images[url] = createHash('sha256')
          .update(Buffer.from(await res.arrayBuffer()))
          .digest('hex');
      }
    }
  }
  return { counts, subscriber, subscriberRef, images };
}

describe('npm run backup / npm run restore', () => {
  it('round-trips the demo data from a running server into a new DATA_DIR', async () => {
    tempRoot = await mkdtemp(path.join(os.tmpdir(), 'mailboard-backup-'));
    const source = path.join(tempRoot, 'source');
    const restored = path.join(tempRoot, 'restored');
    const file = path.join(tempRoot, 'backups', 'demo.tar.gz');

    const original = await startServer(processEnv(source, { DEMO_DATA: '1' }));
    let before: Awaited<ReturnType<typeof snapshot>>;
    try {
      before = await snapshot(original);
      expect(Object.keys(before.counts).length).toBeGreaterThan(1);
      expect(before.subscriber).toBeDefined();
      expect(Object.keys(before.images).length).toBeGreaterThan(0);

      const backup = await runScript('server/cli/backup.ts', [file], processEnv(source));
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(
        new RegExp(
          `^Backed up ${source} through the Mailboard server \\(PID ${original.pid}\\), which kept running: ` +
            `[\\d.]+ MB of database files into ${file} \\([\\d.]+ (KB|MB), gzip\\)\\.\\n$`,
        ),
      );
      expect((await stat(file)).size).toBeGreaterThan(0);
      // The server was not disturbed.
      expect((await original.request('GET', '/api/v1/lists')).status).toBe(200);
    } finally {
      original.child.kill('SIGTERM');
      await original.exited;
    }

    const restore = await runScript('server/cli/restore.ts', [file], processEnv(restored));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const total = Object.values(before.counts).reduce(
      (sum, c) => sum + Object.values(c).reduce((a, b) => a + b, 0),
      0,
    );
    expect(restore.stdout).toContain(
      `: ${Object.keys(before.counts).length} lists, ${total} subscribers.`,
    );

    // A second restore does not overwrite what is there.
    const again = await runScript('server/cli/restore.ts', [file], processEnv(restored));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${restored} is not empty`);
    expect(again.stderr).toContain('--force');

    const copy = await startServer(processEnv(restored, { DEMO_DATA: '1' }));
    try {
      expect(await snapshot(copy, before.subscriberRef)).toEqual(before);
    } finally {
      copy.child.kill('SIGTERM');
      await copy.exited;
    }
  }, 400_000);
});
