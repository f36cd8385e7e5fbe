import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local control channel of the process holding a data directory: a Unix socket (a named
 * pipe on Windows) whose path the holder records in DATA_DIR/.mailboard/holder.json. A
 * process that finds the directory locked asks the holder through it instead of opening the
 * files: `npm run backup` gets its copy from the running server this way (docs/decisions/stack-and-sharp-edges.md).
 * The socket sits in a fresh private (0700) directory under the temp dir, not in DATA_DIR:
 * PGlite's dump cannot read a socket file, and socket paths are limited to ~100 bytes.
 *
 * Protocol: the client sends one JSON line `{"command":"backup"}`; the holder answers one
 * JSON line, `{"ok":true,"bytes":N}` followed by N bytes, or `{"ok":false,"error":"…"}`.
 * `{"command":"ping"}` is answered `{"ok":true}`: the holder is alive (data-dir-lock.ts).
 */
export type ControlHandlers = {
  /** A gzipped tarball of the data directory, taken between two transactions. */
  backup(): Promise<Uint8Array>;
};

export type ControlChannel = { close(): Promise<void> };

/** Where the channel's socket is recorded: the data directory's lock (data-dir-lock.ts). */
type SocketRecord = { announceSocket(socketPath: string): Promise<void> };

export async function serveControlChannel(
  lock: SocketRecord,
  handlers: ControlHandlers,
): Promise<ControlChannel> {
  const privateDir =
    process.platform === 'win32' ? undefined : await mkdtemp(path.join(os.tmpdir(), 'mailboard-'));
  const socketPath = privateDir
    ? path.join(privateDir, 'control.sock')
    : `\\\\.\\pipe\\mailboard-${randomBytes(8).toString('hex')}`;
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    readLine(socket)
      .then(async (line) => {
        const request = JSON.parse(line) as { command?: string };
        if (request.command === 'ping') {
          socket.end(`${JSON.stringify({ ok: true })}\n`);
          return;
        }
        if (request.command !== 'backup') throw new Error(`Unknown command ${request.command}.`);
        const bytes = await handlers.backup();
        socket.write(`${JSON.stringify({ ok: true, bytes: bytes.byteLength })}\n`);
        socket.end(bytes);
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        socket.end(`${JSON.stringify({ ok: false, error: message })}\n`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await lock.announceSocket(socketPath);
  return {
    async close() {
      // Waits for a backup being sent to finish.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (privateDir) await rm(privateDir, { recursive: true, force: true });
    },
  };
}

/** Asks the holder listening on `socketPath` for a backup; resolves with its bytes. */
export function requestBackup(socketPath: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(`${JSON.stringify({ command: 'backup' })}\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) =>
      reject(
        new Error(`The process holding the data directory did not answer (${error.message}).`),
      ),
    );
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      if (newline < 0) return reject(new Error('The holder closed the channel without an answer.'));
      const head = JSON.parse(all.subarray(0, newline).toString()) as
        { ok: true; bytes: number } | { ok: false; error: string };
      if (!head.ok) return reject(new Error(`The running server could not back up: ${head.error}`));
      const body = all.subarray(newline + 1);
      if (body.byteLength !== head.bytes) {
        return reject(
          new Error(`The backup was cut off (${body.byteLength} of ${head.bytes} bytes).`),
        );
      }
      resolve(body);
    });
  });
}

/**
 * Whether a process listens and answers on `socketPath` within `timeoutMs`. A killed holder
 * does not: its socket is gone, refuses, or (while the kernel tears the process down) takes
 * the connection and never reads it. Any answer counts (holders before `ping` refuse it).
 */
export function holderAnswers(socketPath: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    const done = (answered: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('connect', () => socket.write(`${JSON.stringify({ command: 'ping' })}\n`));
    socket.once('data', () => done(true));
    socket.on('error', () => done(false));
    socket.on('end', () => done(false));
  });
}

function readLine(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) {
        socket.off('data', onData);
        resolve(text.slice(0, end));
      } else if (text.length > 4096) reject(new Error('Request too long.'));
    };
    socket.on('data', onData);
    socket.once('end', () => reject(new Error('No request.')));
  });
}
