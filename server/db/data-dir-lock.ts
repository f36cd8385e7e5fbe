import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { holderAnswers } from './control-channel.js';

/**
 * One process per PGlite data directory (docs/decisions/stack-and-sharp-edges.md: PGlite takes no lock of its own and two
 * processes writing one directory lose or corrupt data).
 *
 * The lock is proper-lockfile's: an atomic `mkdir` of DATA_DIR/.mailboard/lock whose mtime
 * the holder refreshes every few seconds. Beside it, holder.json names the holder's PID, what
 * it is, and its control socket (backups of a running server, see control-channel.ts).
 * A holder killed with SIGKILL leaves the directory behind; the next opener sees the PID is
 * gone and takes the lock over at once. A killed PID can linger a moment, though: the kernel
 * tears the process down (its memory can take a second), then it is a zombie until its parent,
 * or PID 1 once the parent died with it (`kill -9` of a process group), reaps it. A zombie is
 * no holder; a process that is exiting, or whose control socket does not answer, is waited
 * for (up to LINGER_MS) and is no holder once it is gone or a zombie. A live PID that answers
 * is never overruled while the lock is fresh; a lock not refreshed for STALE_MS (a reused
 * PID) is taken over by proper-lockfile.
 */
export const META_DIR = '.mailboard';
const STALE_MS = 60_000;
const UPDATE_MS = 5_000;
/** How long a live holder may take to answer on its control socket (a long statement). */
const ANSWER_MS = 2_000;
/** How long a holder that no longer answers, or is exiting, may take to be gone. */
const LINGER_MS = 10_000;

export type Holder = {
  pid: number;
  /** What holds it, e.g. "the Mailboard server" or "npm run users". */
  purpose: string;
  since: string;
  /** Inode of the lock directory this record belongs to: older records are ignored. */
  lock: number;
  /** The control socket, once the holder listens on it. */
  socket?: string;
};

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder | undefined,
  ) {
    const who = holder
      ? `${holder.purpose} (PID ${holder.pid}, since ${holder.since})`
      : 'another process (PID unknown: it is still starting or just stopped)';
    super(
      [
        `The data directory ${dataDir} is in use by ${who}.`,
        'The embedded database (PGlite) can be opened by one process at a time.',
        holder
          ? `Stop that process first (kill ${holder.pid}), or set DATA_DIR to another directory.`
          : 'Try again in a few seconds, or set DATA_DIR to another directory.',
        'A backup of a running server needs no stop: npm run backup -- FILE',
      ].join('\n'),
    );
  }
}

export type DataDirLock = {
  dataDir: string;
  /** DATA_DIR/.mailboard: lock, holder record, restore staging. */
  metaDir: string;
  /** Records this holder's listening control socket in holder.json. */
  announceSocket(socketPath: string): Promise<void>;
  release(): Promise<void>;
};

/** Data directories this process holds: opening one twice is refused like another process. */
const heldHere = new Set<string>();

export async function lockDataDir(dataDir: string, purpose: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const metaDir = path.join(dir, META_DIR);
  const lockPath = path.join(metaDir, 'lock');
  await mkdir(metaDir, { recursive: true });

  let release: (() => Promise<void>) | undefined;
  for (let attempt = 0; !release; attempt++) {
    try {
      release = await lockfile.lock(dir, {
        lockfilePath: lockPath,
        realpath: false,
        stale: STALE_MS,
        update: UPDATE_MS,
        onCompromised: (error) => {
          // Someone removed the lock or took it over: writing on would corrupt the database.
          console.error(`Lost the lock on ${dir} (${error.message}); stopping at once.`);
          process.exit(70);
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const current = await currentHolder(metaDir);
      if (heldHere.has(dir) || attempt >= 50) throw new DataDirBusyError(dir, current?.holder);
      if (current?.holder && (await holderGone(current.holder))) {
        // Killed without releasing (SIGKILL, power loss): the lock is stale at once.
        await removeStaleLock(lockPath, current.ino);
      } else if (current && !current.holder && current.ageMs < 3_000) {
        // Acquired a moment ago; its holder record follows right after.
        await new Promise((resolve) => setTimeout(resolve, 100));
      } else if (current) {
        throw new DataDirBusyError(dir, current.holder);
      }
    }
  }

  heldHere.add(dir);
  const holder: Holder = {
    pid: process.pid,
    purpose,
    since: new Date().toISOString(),
    lock: (await stat(lockPath)).ino,
  };
  await writeHolder(metaDir, holder);
  let released = false;
  return {
    dataDir: dir,
    metaDir,
    announceSocket: (socket) => writeHolder(metaDir, { ...holder, socket }),
    async release() {
      if (released) return;
      released = true;
      await rm(path.join(metaDir, 'holder.json'), { force: true });
      await release();
      heldHere.delete(dir);
    },
  };
}

async function currentHolder(metaDir: string) {
  let lockStat;
  try {
    lockStat = await stat(path.join(metaDir, 'lock'));
  } catch {
    return undefined;
  }
  let holder: Holder | undefined;
  try {
    const record = JSON.parse(await readFile(path.join(metaDir, 'holder.json'), 'utf8')) as Holder;
    if (record.lock === lockStat.ino) holder = record;
  } catch {
    // Not written yet, or removed on release.
  }
  return {
    holder,
    ino: lockStat.ino,
    ageMs: Date.now() - (lockStat.birthtimeMs || lockStat.mtimeMs),
  };
}

/**
 * Whether the recorded holder is gone, waiting up to LINGER_MS for one that is on its way
 * out: exiting, or no longer answering on its control socket while its PID lingers.
 */
async function holderGone(holder: Holder): Promise<boolean> {
  let state = await processState(holder.pid);
  if (state === 'running' && (!holder.socket || (await holderAnswers(holder.socket, ANSWER_MS)))) {
    return false;
  }
  for (const end = Date.now() + LINGER_MS; state !== 'gone' && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await processState(holder.pid);
  }
  return state === 'gone';
}

/** PF_EXITING in /proc/<pid>/stat's flags: the process is being torn down. */
const PF_EXITING = 0x4;

/**
 * `gone` (no such process, or a zombie: it runs no more and holds no file), `exiting` (killed,
 * the kernel is releasing it: it runs no more code), or `running`.
 */
async function processState(pid: number): Promise<'gone' | 'exiting' | 'running'> {
  // Our own PID in a record we do not hold is a previous run's (a container restarted).
  if (pid === process.pid) return 'gone';
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // No /proc, or not ours to read (hidepid): the PID exists, so it counts as running.
    return 'running';
  }
  // `pid (comm) state ppid … flags`: comm may hold spaces and parentheses, so read after the last `)`.
  const [state = '', , , , , , flags = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (state === 'Z' || state === 'X') return 'gone';
  return Number(flags) & PF_EXITING ? 'exiting' : 'running';
}

async function removeStaleLock(lockPath: string, ino: number) {
  try {
    if ((await stat(lockPath)).ino === ino) await rm(lockPath, { recursive: true, force: true });
  } catch {
    // Already gone: another starter removed it first; the next attempt decides.
  }
}

async function writeHolder(metaDir: string, holder: Holder) {
  // Written whole, then renamed: a reader never sees half a record.
  const temp = path.join(metaDir, `holder.${process.pid}.tmp`);
  await writeFile(temp, JSON.stringify(holder));
  await rename(temp, path.join(metaDir, 'holder.json'));
}
