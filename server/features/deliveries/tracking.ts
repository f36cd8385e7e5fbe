import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** One hit of a tracked link (with its original URL) or of the open pixel (without). */
type Hit = { who: string; url?: string };
type Pending = { hit: Hit; done: () => void; failed: (error: unknown) => void };

/**
 * Hits of tracked links and pixels → records of the spec's statistics (stat_opens /
 * stat_clicks) for the delivery: `who` is a send-log id (the recipient's email is
 * recorded), `d<delivery>` (TRACKING=counts: the record's email is empty) or `t` (a test
 * message: nothing is recorded).
 *
 * Hits that arrive while a write is under way are written together by the next one, in one
 * statement (so one trigger run and one commit for the lot): under load a click costs a
 * fraction of a statement, at rest a hit is written at once. A hit's promise settles when
 * its record is committed, so the redirect is answered only after it.
 *
 * Committed without waiting for the WAL flush (`synchronous_commit = off` for that
 * transaction only, set inside the statement so it costs no extra round trip): a write then
 * costs no fsync, which bounded the redirect at the disk's flush rate. The trade: if
 * PostgreSQL itself crashes (not this server), the hits of its last moments (up to
 * 3 × wal_writer_delay, 600 ms by default) can be lost although they were answered; the
 * database stays consistent, and statistics lose a few records at worst. Nothing else
 * (subscribers, deliveries, the send log) is written this way.
 */
export function hitRecorder(db: Executor) {
  const queues = { opens: batcher(db, 'opens'), clicks: batcher(db, 'clicks') };
  return (hit: Hit): Promise<void> => {
    if (hit.who === 't') return Promise.resolve();
    return (hit.url === undefined ? queues.opens : queues.clicks)(hit);
  };
}

function batcher(db: Executor, kind: 'opens' | 'clicks') {
  let waiting: Pending[] = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await insertHits(
          db,
          kind,
          batch.map((p) => p.hit),
        );
        for (const p of batch) p.done();
      } catch (error) {
        for (const p of batch) p.failed(error);
      }
    }
    writing = false;
  };
  return (hit: Hit) =>
    new Promise<void>((done, failed) => {
      waiting.push({ hit, done, failed });
      if (!writing) void write();
    });
}

/** One INSERT for a batch of hits; a hit whose recipient or delivery is gone records nothing. */
async function insertHits(db: Executor, kind: 'opens' | 'clicks', hits: Hit[]) {
  type Row = { n: number; recipient: number | null; delivery: number | null; url: string };
  const rows = hits.flatMap((h, n): Row[] =>
    /^\d{1,15}$/.test(h.who)
      ? [{ n, recipient: Number(h.who), delivery: null, url: h.url ?? '' }]
      : /^d\d{1,9}$/.test(h.who)
        ? [{ n, recipient: null, delivery: Number(h.who.slice(1)), url: h.url ?? '' }]
        : [],
  );
  if (rows.length === 0) return;
  const table = kind === 'opens' ? sql`stat_opens` : sql`stat_clicks`;
  const columns = kind === 'opens' ? sql`` : sql`, url`;
  const value = kind === 'opens' ? sql`` : sql`, url`;
  const sameUrl = kind === 'opens' ? sql`` : sql`AND e.url = x.url`;
  // `first` is set here for the usual case (a repeat of an earlier record), so the trigger
  // of migration 0002/0010 finds nothing to correct: correcting means an UPDATE, whose new
  // row version goes into every index. The trigger still settles concurrent writers.
  await db.execute(sql`
    WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true)),
    x AS (
      SELECT d.id AS delivery_id, m.id AS mailing_id, m.campaign,
             coalesce(r.email, '') AS email, h.url, h.n
        FROM relaxed,
             jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS h(n int, recipient bigint, delivery int, url text)
        LEFT JOIN delivery_recipients r ON r.id = h.recipient
        JOIN deliveries d ON d.id = coalesce(r.delivery_id, h.delivery)
        JOIN variants v ON v.id = d.variant_id JOIN mailings m ON m.id = v.mailing_id
    )
    INSERT INTO ${table} (delivery_id, mailing_id, campaign, email, datetime, first ${columns})
    SELECT delivery_id, mailing_id, campaign, email, now(),
           row_number() OVER (PARTITION BY delivery_id, email ${columns} ORDER BY n) = 1
           AND NOT EXISTS (SELECT 1 FROM ${table} e
                            WHERE e.delivery_id = x.delivery_id AND e.email = x.email ${sameUrl}
                              AND e.datetime <= now())
           ${value}
      FROM x ORDER BY n`);
}
