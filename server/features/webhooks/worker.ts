import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client.js';
import { pollingLoop } from '../../lib/polling-loop.js';
import { postJson } from './http-post.js';
import { retryDelay, type WebhookOptions } from './options.js';
import { claimMessages, recordAttempts, type AttemptResult, type ClaimedMessage } from './queue.js';

/**
 * The Standard Webhooks headers: `webhook-signature` carries one `v1,…` signature per secret
 * that still signs (the current one, and for 24 h after a rotation the previous one).
 */
export function signedHeaders(message: ClaimedMessage, body: string, now = new Date()) {
  const secrets = [message.secret, message.previousSecret].filter((s): s is string => !!s);
  return {
    'webhook-id': message.eventId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': secrets
      .map((secret) => new Webhook(secret).sign(message.eventId, now, body))
      .join(' '),
  };
}

export const payloadOf = (m: Pick<ClaimedMessage, 'type' | 'eventId' | 'timestamp' | 'data'>) => ({
  type: m.type,
  id: m.eventId,
  timestamp: m.timestamp,
  data: m.data,
});

async function attempt(options: WebhookOptions, message: ClaimedMessage): Promise<AttemptResult> {
  const body = JSON.stringify(payloadOf(message));
  const outcome = await postJson(message.url, signedHeaders(message, body), body, options);
  const delivered =
    outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const retryIn = retryDelay(options, message.attempts);
  const giveUp = message.ageMs + retryIn > options.retryWindowMs;
  return { message, ...outcome, delivered, retryInMs: delivered || giveUp ? null : retryIn };
}

/** A result waits at most this long for the rest of its round before it is written. */
const WRITE_WITHIN_MS = 500;

/**
 * One round: claims what is due and sends it, `concurrency` at a time. The round's results
 * are written together (a handful of statements, whatever its size: written one by one they
 * were the worker's main cost), once all have come, or earlier for those that have when a
 * call takes longer than WRITE_WITHIN_MS (a quick answer is not held until a hung call's
 * timeout). Returns how many.
 */
export async function sendWebhooks(db: Db, options: WebhookOptions): Promise<number> {
  const claimed = await claimMessages(db, options.concurrency, options.leaseMs);
  const arrived: AttemptResult[] = [];
  let writing = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = arrived.splice(0);
    writing = writing.then(() => recordAttempts(db, batch, options.retryWindowMs));
    return writing;
  };
  await Promise.all(
    claimed.map(async (message) => {
      arrived.push(await attempt(options, message));
      // A failed write fails the round (below, through `writing`).
      timer ??= setTimeout(() => void write().catch(() => undefined), WRITE_WITHIN_MS);
    }),
  );
  await write();
  return claimed.length;
}

export type WebhookWorker = { stop(): Promise<void>; wake(): void };

/** The in-process loop of a replica: sends while there is work, else polls every `pollMs`. */
export function startWebhookWorker(
  db: Db,
  options: WebhookOptions,
  log?: FastifyBaseLogger,
): WebhookWorker {
  return pollingLoop(() => sendWebhooks(db, options), {
    pollMs: options.pollMs,
    ...(log ? { log } : {}),
    failed: 'webhook round failed; its messages are retried',
  });
}
