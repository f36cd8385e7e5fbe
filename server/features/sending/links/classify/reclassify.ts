import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { queryRows } from '../../../../db/query-rows.js';
import { networkOf } from './address.js';
import { reasonsOf, TRAP_URL } from './classify.js';
import { classOf } from './reasons.js';
import { settleBursts } from './burst.js';
import { refreshFirstHuman, type HitKey, type HitKind } from './first-human.js';

const BATCH = 5_000;

type StoredHit = HitKey & {
  id: number;
  reasons: number;
  seconds: number | null;
  head: boolean;
  block: string | null;
  agent: string | null;
  agent_id: number | null;
};

/**
 * Recomputes the class and reasons of every stored open and click with the current rules
 * and lists (issue 51 item 6): no hit is added or removed, only `class`, `reasons` and the
 * `first_human` flags change. Hits without signals (recorded before classification, or
 * cleared since) stay as they are. In batches by id, so it runs beside live traffic.
 */
export async function reclassifyHits(db: Executor) {
  const result = {
    opens: await reclassifyTable(db, 'opens'),
    clicks: await reclassifyTable(db, 'clicks'),
  };
  result.clicks.changed += await settleBursts(db, null);
  return result;
}

async function reclassifyTable(db: Executor, kind: HitKind) {
  const table = kind === 'opens' ? sql`stat_opens` : sql`stat_clicks`;
  const url = kind === 'clicks' ? sql`h.url` : sql`''`;
  let after = 0;
  let checked = 0;
  let changed = 0;
  for (;;) {
    const hits = await queryRows<StoredHit>(
      db,
      sql`SELECT h.id, h.delivery_id, h.email, ${url} AS url, h.reasons, h.seconds, h.head,
                 h.client_block::text AS block, h.agent_id, a.agent
            FROM ${table} h LEFT JOIN tracking_user_agents a ON a.id = h.agent_id
           WHERE h.id > ${after} ORDER BY h.id LIMIT ${BATCH}`,
    );
    if (hits.length === 0) break;
    after = Number(hits.at(-1)!.id);
    checked += hits.length;
    const updates = hits.flatMap((h) => {
      // Nothing to judge by: recorded before classification (`legacy`), or its signals
      // cleared by the retention job or an erasure (links/signal-retention.ts).
      const noSignals = h.agent_id === null && h.block === null && h.seconds === null && !h.head;
      if (noSignals) return [];
      // The pass's reasons go with their class too; settleBursts gives them back where due.
      const reasons = reasonsOf({
        address: networkOf(h.block),
        agent: h.agent,
        head: h.head,
        seconds: h.seconds,
        trap: h.url === TRAP_URL,
      });
      return reasons === h.reasons
        ? []
        : [{ id: Number(h.id), reasons, class: classOf(reasons), key: h }];
    });
    if (updates.length === 0) continue;
    changed += updates.length;
    await db.execute(sql`
      UPDATE ${table} s SET reasons = u.reasons, class = u.class
        FROM jsonb_to_recordset(${JSON.stringify(updates.map(({ key: _, ...u }) => u))}::jsonb)
               AS u(id bigint, reasons int, class text)
       WHERE s.id = u.id`);
    await refreshFirstHuman(
      db,
      kind,
      updates.map(({ key }) => ({ delivery_id: key.delivery_id, email: key.email, url: key.url })),
    );
  }
  return { checked, changed };
}
