import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { Executor } from '../../../db/client.js';
import { holdLease, releaseLease } from '../../../db/worker-lease.js';
import type { Verp } from '../message/verp.js';
import { recordEvents } from './ingest.js';
import type { BouncePolicy } from './record-bounce.js';
import { messageEvents } from './report-events.js';

/** Where handled reports go, and those this service could not read (with a log line saying why). */
export const HANDLED_FOLDER = 'Mailboard-Handled';
export const UNREADABLE_FOLDER = 'Mailboard-Unreadable';
const LEASE = 'bounce-mailbox';
/** Messages read per round: a flood of reports is taken in turns, not at once. */
const BATCH = 200;

export type MailboxOptions = {
  /** BOUNCE_MAILBOX_URL: imaps://user:pass@host[:port]/Folder (imap:// on loopback). */
  url: string;
  /** How often the mailbox is read. */
  pollMs: number;
  /** How long one replica keeps the mailbox after its last round (the lease). */
  leaseMs: number;
};

type Round = { handled: number; unreadable: number; recorded: number };

function connection(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'imaps:';
  return {
    folder: decodeURIComponent(u.pathname.replace(/^\/+/, '')) || 'INBOX',
    options: {
      host: u.hostname.replace(/^\[|\]$/g, ''),
      port: Number(u.port) || (secure ? 993 : 143),
      secure,
      auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) },
      logger: false as const,
      connectionTimeout: 20_000,
    },
  };
}

async function ensureFolder(client: ImapFlow, path: string) {
  try {
    await client.mailboxCreate(path);
  } catch (error) {
    // Already there (ALREADYEXISTS): nothing to do.
    if (!/exist/i.test(String((error as { responseText?: string }).responseText ?? error)))
      throw error;
  }
}

/**
 * The bounce mailbox (BOUNCE_MAILBOX_URL): DSNs and ARF reports that arrive by mail, read
 * with imapflow by one replica at a time (a lease row), through the same parsers as the
 * webhook. Each message read is moved: recorded ones (or reports about messages this
 * service did not send) to Mailboard-Handled, ones that are neither a DSN nor an ARF report
 * to Mailboard-Unreadable with a log line giving the reason. A message whose recording
 * failed (the database) stays for the next round.
 */
export function bounceMailbox(
  ctx: { db: Executor; options: BouncePolicy },
  verp: Verp | undefined,
  options: MailboxOptions,
  log: FastifyBaseLogger,
) {
  const holder = randomUUID();
  const { folder, options: imap } = connection(options.url);

  async function round(): Promise<Round> {
    const done: Round = { handled: 0, unreadable: 0, recorded: 0 };
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow(imap);
    client.on('error', (error: Error) => log.warn({ err: error }, 'bounce mailbox connection'));
    await client.connect();
    try {
      await ensureFolder(client, HANDLED_FOLDER);
      await ensureFolder(client, UNREADABLE_FOLDER);
      const lock = await client.getMailboxLock(folder);
      try {
        const mailbox = client.mailbox;
        if (!mailbox || mailbox.exists === 0) return done;
        const messages = await client.fetchAll(`1:${Math.min(mailbox.exists, BATCH)}`, {
          uid: true,
          source: true,
        });
        for (const message of messages) {
          const raw = message.source?.toString('utf8') ?? '';
          let events;
          try {
            events = await messageEvents(raw, 'mailbox');
          } catch (error) {
            log.warn(
              { uid: message.uid, reason: (error as Error).message },
              `bounce mailbox: not a DSN or an ARF report, moved to ${UNREADABLE_FOLDER}`,
            );
            await client.messageMove(String(message.uid), UNREADABLE_FOLDER, { uid: true });
            done.unreadable++;
            continue;
          }
          done.recorded += await recordEvents(ctx, verp, events);
          await client.messageMove(String(message.uid), HANDLED_FOLDER, { uid: true });
          done.handled++;
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    return done;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = (async () => {
      try {
        if (await holdLease(ctx.db, LEASE, holder, options.leaseMs)) await round();
      } catch (error) {
        log.error({ err: error }, 'bounce mailbox round failed');
      }
      if (!stopped) timer = setTimeout(tick, options.pollMs);
    })();
  };

  return {
    /** One round now, if this replica holds (or takes) the lease; null when another does. */
    async runOnce(): Promise<Round | null> {
      if (!(await holdLease(ctx.db, LEASE, holder, options.leaseMs))) return null;
      return round();
    },
    start() {
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await releaseLease(ctx.db, LEASE, holder);
    },
  };
}
