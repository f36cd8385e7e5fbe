import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, backupDataDir, restoreDataDir } from './backup.js';
import { openDatabase } from './client.js';
import { DataDirBusyError } from './data-dir-lock.js';

let tempRoot: string;
afterAll(() => rm(tempRoot, { recursive: true, force: true }));

async function listNames(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const { rows } = (await database.db.execute(
      sql`SELECT name FROM lists ORDER BY id`,
    )) as unknown as {
      rows: { name: string }[];
    };
    return rows.map((r) => r.name);
  } finally {
    await database.close();
  }
}

describe('backup and restore without a server', () => {
  it('backs up a DATA_DIR no one holds, refuses a broken file and a non-empty target, replaces with --force', async () => {
    tempRoot = await mkdtemp(path.join(os.tmpdir(), 'mailboard-restore-'));
    const source = path.join(tempRoot, 'source');
    const target = path.join(tempRoot, 'target');
    const file = path.join(tempRoot, 'backup.tar.gz');

    const database = await openDatabase({ dataDir: source, purpose: 'this test' });
    try {
      await database.migrate();
      await database.db.execute(sql`
        INSERT INTO lists (name, default_from_name, default_from_email, languages)
        VALUES ('Grüße', 'Acme', 'news@acme.example', ARRAY['en'])`);
      // Held (here by this process): a second opener is refused, naming the holder…
      const refused = await openDatabase({ dataDir: source }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DataDirBusyError);
      expect((refused as Error).message).toContain(
        `The data directory ${source} is in use by this test (PID ${process.pid}, since `,
      );
      // …and a backup comes from the holder through its control channel.
      const live = await backupDataDir(source, file);
      expect(live.source).toBe(
        `${source} through this test (PID ${process.pid}), which kept running`,
      );
    } finally {
      await database.close();
    }

    const file2 = path.join(tempRoot, 'unheld.tar.gz');
    const backup = await backupDataDir(source, file2);
    expect(backup.source).toBe(`${source} (no server was running)`);
    expect(backup.bytes).toBeGreaterThan(0);

    const broken = path.join(tempRoot, 'broken.tar.gz');
    await writeFile(broken, 'not a backup at all');
    await expect(restoreDataDir(broken, target, false)).rejects.toThrow(
      new BackupError(`${broken} is not a backup of the embedded database`).message,
    );
    expect((await readdir(target)).filter((name) => name !== '.mailboard')).toEqual([]);

    await mkdir(target, { recursive: true });
    await writeFile(path.join(target, 'stray.txt'), 'left from before');
    await expect(restoreDataDir(file, target, false)).rejects.toThrow(
      `${target} is not empty (1 entry); restore fills an empty data directory. Add --force`,
    );
    expect(existsSync(path.join(target, 'stray.txt'))).toBe(true);

    const restored = await restoreDataDir(file, target, true);
    expect(restored).toMatchObject({ lists: 1, subscribers: 0, replaced: 1 });
    expect(existsSync(path.join(target, 'stray.txt'))).toBe(false);
    expect(await listNames(target)).toEqual(['Grüße']);
  }, 240_000);
});
