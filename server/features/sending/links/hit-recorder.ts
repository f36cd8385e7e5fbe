import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { reasonsOf, EARLY_SECONDS, TRAP_URL } from './classify/classify.js';
import { bit, classSql } from './classify/reasons.js';
import { blockOf } from './classify/address.js';

/**
 * One hit of a tracked link (with its original URL) or of the open pixel (without), with
 * what it tells of its client (issue 51): the address (classified, then kept only as its
 * block: classify/address.ts), the user agent, whether it was a HEAD request.
 */
export type Hit = {
  who: string;
  url?: string;
  /** Which HTML link to the URL was clicked (1: the first, or not told). */
  position?: number;
  address?: string;
  agent?: string | null;
  head?: boolean;
};

type Logger = { warn(obj: object, msg: string): void };

export type HitRecorder = {
  /** Queues a hit; returns at once (the redirect never waits for the database). */
  record(hit: Hit): void;
  /** Resolves when every hit queued so far is written (or given up: the database is gone). */
  flush(): Promise<void>;
  /** Hits waiting to be written. */
  pending(): number;
  close(): Promise<void>;
};

/** Hits held while the database does not answer; past this the oldest are dropped. */
const BUFFER_LIMIT = 50_000;
/** Hits per INSERT. */
const BATCH = 1_000;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * Hits of tracked links and pixels → records of the spec's statistics (stat_opens /
 * stat_clicks) for the delivery: `who` is a send-log id (the recipient's email is
 * recorded), `d<delivery>` (TRACKING=counts: the record's email is empty) or `t` (a test
 * message: nothing is recorded).
 *
 * The redirect and the pixel answer from the signed token alone: a hit goes into a bounded
 * in-memory buffer and is written later, so a database that is slow, locked or down never
 * breaks a link in a sent message. Hits that arrive while a write is under way are written
 * together by the next one, in one statement (one trigger run and one commit for the lot).
 * A failed write is retried with backoff; the buffer keeps at most BUFFER_LIMIT hits (later
 * ones are dropped past that, with a warning). Hits still in the buffer are lost if the
 * process dies (README "Tracking"); a clean stop writes them first.
 *
 * Committed without waiting for the WAL flush (`synchronous_commit = off` for that
 * transaction only, set inside the statement so it costs no extra round trip): a write then
 * costs no fsync. If PostgreSQL itself crashes, the hits of its last moments (up to
 * 3 × wal_writer_delay, 600 ms by default) can be lost; the database stays consistent.
 * Nothing else (subscribers, deliveries, the send log) is written this way.
 */
export function hitRecorder(db: Executor, log?: Logger): HitRecorder {
  const queues = { opens: batcher(db, 'opens', log), clicks: batcher(db, 'clicks', log) };
  return {
    record(hit) {
      if (hit.who === 't') return;
      (hit.url === undefined ? queues.opens : queues.clicks).push(hit);
    },
    async flush() {
      await Promise.all([queues.opens.flush(), queues.clicks.flush()]);
    },
    pending: () => queues.opens.size() + queues.clicks.size(),
    async close() {
      await Promise.all([queues.opens.close(), queues.clicks.close()]);
    },
  };
}

function batcher(db: Executor, kind: 'opens' | 'clicks', log?: Logger) {
  let waiting: Hit[] = [];
  let running: Promise<void> | undefined;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let closed = false;
  let dropped = 0;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
      timer.unref();
    });

  const run = async () => {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, BATCH);
      try {
        await insertHits(db, kind, batch);
        waiting = waiting.slice(batch.length);
        retryMs = RETRY_FIRST_MS;
      } catch (error) {
        // Kept for the next try; a closing recorder gives up (the database is going away).
        if (closed) {
          log?.warn({ err: error, lost: waiting.length }, `tracking: ${kind} not recorded`);
          waiting = [];
          return;
        }
        if (retryMs === RETRY_FIRST_MS) {
          log?.warn({ err: error, waiting: waiting.length }, `tracking: ${kind} write failed`);
        }
        await pause(retryMs);
        retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
      }
    }
  };
  const start = () => {
    running ??= run().finally(() => {
      running = undefined;
      if (waiting.length > 0 && !closed) start();
    });
  };

  return {
    push(hit: Hit) {
      // Full (the database has been away a while): the newest hits are the ones not kept,
      // so the batch being written stays the head of the buffer.
      if (waiting.length >= BUFFER_LIMIT) {
        if (dropped++ % 1000 === 0) log?.warn({ dropped }, `tracking: ${kind} buffer full`);
        return;
      }
      waiting.push(hit);
      start();
    },
    async flush() {
      while (running) await running;
    },
    size: () => waiting.length,
    async close() {
      closed = true;
      clearTimeout(timer);
      wake?.();
      start();
      while (running) await running;
    },
  };
}

/**
 * One INSERT for a batch of hits; a hit whose recipient or delivery is gone records nothing.
 * The rules that look at the hit alone run here (classify/); the time since the message was
 * sent comes from the send log in the same statement, and with it the `early` rule; the
 * user agents go into their dictionary in the same statement too.
 */
async function insertHits(db: Executor, kind: 'opens' | 'clicks', hits: Hit[]) {
  type Row = {
    n: number;
    recipient: number | null;
    delivery: number | null;
    url: string;
    position: number;
    agent: string | null;
    block: string | null;
    head: boolean;
    reasons: number;
  };
  const signals = (h: Hit) => ({
    url: h.url ?? '',
    position: h.position ?? 1,
    agent: h.agent ?? null,
    block: blockOf(h.address),
    head: h.head ?? false,
    reasons: reasonsOf({
      address: h.address ?? null,
      agent: h.agent ?? null,
      head: h.head ?? false,
      seconds: null,
      trap: h.url === TRAP_URL,
    }),
  });
  const rows = hits.flatMap((h, n): Row[] =>
    /^\d{1,15}$/.test(h.who)
      ? [{ n, recipient: Number(h.who), delivery: null, ...signals(h) }]
      : /^d\d{1,9}$/.test(h.who)
        ? [{ n, recipient: null, delivery: Number(h.who.slice(1)), ...signals(h) }]
        : [],
  );
  if (rows.length === 0) return;
  const table = kind === 'opens' ? sql`stat_opens` : sql`stat_clicks`;
  const columns = kind === 'opens' ? sql`` : sql`, url`;
  const value = kind === 'opens' ? sql`` : sql`, url`;
  const positionColumn = kind === 'opens' ? sql`` : sql`, position`;
  const sameUrl = kind === 'opens' ? sql`` : sql`AND e.url = k.url`;
  const keyUrl = kind === 'opens' ? sql`` : sql`, x.url`;
  const joinUrl = kind === 'opens' ? sql`` : sql`AND k.url = x.url`;
  const early = sql.raw(String(bit('early')));
  // `first` (and `first_human`) are set here for the usual case (a repeat of an earlier
  // record), so the trigger of migration 0002/0010 finds nothing to correct: correcting
  // means an UPDATE, whose new row version goes into every index. The trigger still
  // settles concurrent writers.
  await db.execute(sql`
    WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true)),
    h AS (
      SELECT h.* FROM relaxed,
             jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS h(n int, recipient bigint, delivery int, url text, position int, agent text, block text,
                    head boolean, reasons int)
    ),
    new_agents AS (
      INSERT INTO tracking_user_agents (agent)
      SELECT DISTINCT agent FROM h WHERE agent IS NOT NULL
      ON CONFLICT (agent) DO NOTHING RETURNING id, agent
    ),
    agents AS (
      SELECT id, agent FROM new_agents
      UNION ALL SELECT a.id, a.agent FROM tracking_user_agents a WHERE a.agent IN (SELECT agent FROM h)
    ),
    timed AS (
      SELECT d.id AS delivery_id, m.id AS mailing_id, m.campaign,
             coalesce(r.email, '') AS email, h.url, h.position, h.n, h.head, h.block::cidr AS block,
             (SELECT a.id FROM agents a WHERE a.agent = h.agent LIMIT 1) AS agent_id,
             greatest(0, extract(epoch FROM now() - coalesce(r.sent_datetime, d.started_datetime)))::int
               AS seconds,
             h.reasons
        FROM h
        LEFT JOIN delivery_recipients r ON r.id = h.recipient
        JOIN deliveries d ON d.id = coalesce(r.delivery_id, h.delivery)
        JOIN variants v ON v.id = d.variant_id JOIN mailings m ON m.id = v.mailing_id
    ),
    x AS (
      SELECT t.*, ${classSql(sql`t.all_reasons`)} AS class
        FROM (SELECT timed.*,
                     reasons | CASE WHEN seconds < ${EARLY_SECONDS} THEN ${early} ELSE 0 END
                       AS all_reasons
                FROM timed) t
    ),
    -- Whether each key (not each hit: a gateway piles hundreds on one) has a record yet, and
    -- a human one (one probe of stat_*_human, migration 0065).
    seen AS (
      SELECT k.*,
             EXISTS (SELECT 1 FROM ${table} e
                      WHERE e.delivery_id = k.delivery_id AND e.email = k.email ${sameUrl}
                        AND e.datetime <= now()) AS has_record,
             EXISTS (SELECT 1 FROM ${table} e
                      WHERE e.delivery_id = k.delivery_id AND e.email = k.email ${sameUrl}
                        AND e.class = 'human' AND e.datetime <= now()) AS has_human
        FROM (SELECT DISTINCT x.delivery_id, x.email ${keyUrl} FROM x) AS k
    ),
    y AS (
      SELECT x.*,
             row_number() OVER (PARTITION BY x.delivery_id, x.email ${keyUrl} ORDER BY n) = 1
             AND NOT k.has_record AS first,
             row_number() OVER (PARTITION BY x.delivery_id, x.email ${keyUrl}, class = 'human'
                                ORDER BY n) = 1
             AND NOT k.has_human AS first_of_humans
        FROM x JOIN seen k ON k.delivery_id = x.delivery_id AND k.email = x.email ${joinUrl}
    )
    INSERT INTO ${table} (delivery_id, mailing_id, campaign, email, datetime, first,
                          class, reasons, seconds, head, agent_id, client_block, first_human
                          ${columns} ${positionColumn})
    SELECT delivery_id, mailing_id, campaign, email, now(), first,
           class, all_reasons, seconds, head, agent_id, block,
           class = 'human' AND first_of_humans AND NOT first
           ${value} ${positionColumn}
      FROM y ORDER BY n`);
}
