import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './client.js';
import { pgliteExtensions } from './pglite-extensions.js';
import { requestBackup } from './control-channel.js';
import { DataDirBusyError, META_DIR, lockDataDir } from './data-dir-lock.js';

/** A failure the user can fix; the CLI prints its message as it is. */
export class BackupError extends Error {}

export type BackupResult = { bytes: number; dataDirBytes: number; source: string };

/**
 * `npm run backup`: from the process holding DATA_DIR through its control channel when one
 * runs (the server), else by opening the directory itself (holding the lock meanwhile).
 * Written beside the target and renamed, so FILE is never half a backup.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupResult> {
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dir} to back up.`);
  }
  let bytes: Uint8Array;
  let source: string;
  try {
    const database = await openDatabase({ dataDir: dir, purpose: 'npm run backup' });
    try {
      bytes = await database.backup!();
      source = `${dir} (no server was running)`;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirBusyError) || !error.holder?.socket) throw error;
    bytes = await requestBackup(error.holder.socket);
    source = `${dir} through ${error.holder.purpose} (PID ${error.holder.pid}), which kept running`;
  }
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.partial`;
  await writeFile(temp, bytes);
  await rename(temp, target);
  return { bytes: bytes.byteLength, dataDirBytes: await directorySize(dir), source };
}

export type RestoreResult = {
  bytes: number;
  dataDirBytes: number;
  lists: number;
  subscribers: number;
  replaced: number;
};

/**
 * `npm run restore`: loads FILE into a staging directory inside DATA_DIR/.mailboard first,
 * so a broken file leaves DATA_DIR as it was, then moves it into place. Refuses a DATA_DIR
 * with anything in it unless `force` (then its contents are replaced).
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  force: boolean,
): Promise<RestoreResult> {
  const source = path.resolve(file);
  let data: Buffer;
  try {
    data = await readFile(source);
  } catch {
    throw new BackupError(`Cannot read ${source}.`);
  }
  const lock = await lockDataDir(dataDir, 'npm run restore');
  try {
    const dir = lock.dataDir;
    const existing = (await readdir(dir)).filter((name) => name !== META_DIR);
    if (existing.length > 0 && !force) {
      throw new BackupError(
        `${dir} is not empty (${existing.length} ${existing.length === 1 ? 'entry' : 'entries'}); ` +
          'restore fills an empty data directory. ' +
          'Add --force to replace its contents with the backup.',
      );
    }
    const staging = path.join(lock.metaDir, 'restore');
    await rm(staging, { recursive: true, force: true });
    const gzipped = data[0] === 0x1f && data[1] === 0x8b;
    const archive = new File([data], gzipped ? 'backup.tar.gz' : 'backup.tar', {
      type: gzipped ? 'application/x-gzip' : 'application/x-tar',
    });
    let counts: { lists: number; subscribers: number };
    try {
      const pglite = await PGlite.create({
        dataDir: staging,
        loadDataDir: archive,
        extensions: pgliteExtensions,
      });
      try {
        counts = await countRows(pglite);
      } finally {
        await pglite.close();
      }
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      const reason = error instanceof Error ? error.message : String(error);
      throw new BackupError(`${source} is not a backup of the embedded database (${reason}).`);
    }
    // The source's lock record came along in the tarball; this directory has its own.
    await rm(path.join(staging, META_DIR), { recursive: true, force: true });
    for (const name of existing) await rm(path.join(dir, name), { recursive: true, force: true });
    for (const name of await readdir(staging)) {
      await rename(path.join(staging, name), path.join(dir, name));
    }
    await rm(staging, { recursive: true, force: true });
    return {
      bytes: data.byteLength,
      dataDirBytes: await directorySize(dir),
      replaced: existing.length,
      ...counts,
    };
  } finally {
    await lock.release();
  }
}

async function countRows(pglite: PGlite) {
  const { rows } = await pglite.query<{ lists: number; subscribers: number }>(
    'SELECT (SELECT count(*) FROM lists)::int AS lists, (SELECT count(*) FROM subscribers)::int AS subscribers',
  );
  return rows[0]!;
}

/** Bytes of the database's files (the lock directory left out). */
async function directorySize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === META_DIR) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(full);
    else if (entry.isFile()) total += (await stat(full)).size;
  }
  return total;
}

/** 1536 → "1.5 KB", in powers of 1024 as du and ls -h count. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}
