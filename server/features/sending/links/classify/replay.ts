import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../../../db/client.js';
import { queryRows } from '../../../../db/query-rows.js';
import { blockOf } from './address.js';
import { reasonsOf, TRAP_URL } from './classify.js';
import { classOf } from './reasons.js';
import { settleBursts } from './burst.js';

const replayEvent = z.object({
  label: z.enum(['human', 'machine']),
  source: z.string(),
  kind: z.enum(['open', 'click']),
  recipient: z.string(),
  seconds: z.number().int().nonnegative(),
  address: z.string(),
  agent: z.string(),
  head: z.boolean().default(false),
  url: z.string().optional(),
});
type ReplayEvent = z.infer<typeof replayEvent>;

/** The labelled replay set (replay-set.json): the measure of issue 51. */
export const replaySet = z
  .object({ events: z.array(replayEvent) })
  .parse(JSON.parse(readFileSync(new URL('./replay-set.json', import.meta.url), 'utf8'))).events;

const SENT = Date.parse('2024-01-01T00:00:00Z');

/**
 * Stores the replay set's hits as the hit recorder would (classified by the same rules, at
 * the time they happened), runs the burst pass, and measures the result against the labels:
 * precision and recall of `human`, and the hits classified wrongly.
 */
export async function replay(db: Executor, delivery: { id: number; mailing: number }) {
  const rows = replaySet.map((e, n) => {
    const reasons = reasonsOf({
      address: e.address,
      agent: e.agent,
      head: e.head,
      seconds: e.seconds,
      trap: e.url === TRAP_URL,
    });
    return {
      n,
      email: e.recipient,
      datetime: new Date(SENT + e.seconds * 1000).toISOString(),
      seconds: e.seconds,
      head: e.head,
      agent: e.agent,
      block: blockOf(e.address),
      url: e.url ?? '',
      reasons,
      class: classOf(reasons),
    };
  });
  const agents = [...new Set(rows.map((r) => r.agent))];
  await db.execute(sql`INSERT INTO tracking_user_agents (agent)
    SELECT jsonb_array_elements_text(${JSON.stringify(agents)}::jsonb) ON CONFLICT (agent) DO NOTHING`);
  for (const kind of ['open', 'click'] as const) {
    const mine = rows.filter((r) => replaySet[r.n]!.kind === kind);
    const table = kind === 'open' ? sql`stat_opens` : sql`stat_clicks`;
    const url = kind === 'open' ? sql`` : sql`, url`;
    await db.execute(sql`
      INSERT INTO ${table} (delivery_id, mailing_id, email, datetime, seconds, head, agent_id,
                            client_block, reasons, class ${url})
      SELECT ${delivery.id}, ${delivery.mailing}, r.email, r.datetime, r.seconds, r.head, a.id,
             r.block::cidr, r.reasons, r.class ${url}
        FROM jsonb_to_recordset(${JSON.stringify(mine)}::jsonb)
               AS r(n int, email text, datetime timestamptz, seconds int, head boolean,
                    agent text, block text, url text, reasons int, class text)
        JOIN tracking_user_agents a ON a.agent = r.agent
       ORDER BY r.n`);
  }
  await settleBursts(db, null);
  const stored = [
    ...(await queryRows<{ class: string }>(db, sql`SELECT class FROM stat_opens ORDER BY id`)),
    ...(await queryRows<{ class: string }>(db, sql`SELECT class FROM stat_clicks ORDER BY id`)),
  ];
  const events = [
    ...replaySet.filter((e) => e.kind === 'open'),
    ...replaySet.filter((e) => e.kind === 'click'),
  ];
  return measure(events, stored);
}

function measure(events: ReplayEvent[], stored: { class: string }[]) {
  let truePositives = 0;
  let predicted = 0;
  let actual = 0;
  const wrong: (ReplayEvent & { class: string })[] = [];
  events.forEach((e, i) => {
    const human = stored[i]!.class === 'human';
    if (human) predicted++;
    if (e.label === 'human') actual++;
    if (human && e.label === 'human') truePositives++;
    if (human !== (e.label === 'human')) wrong.push({ ...e, class: stored[i]!.class });
  });
  return {
    hits: events.length,
    precision: truePositives / predicted,
    recall: truePositives / actual,
    wrong,
  };
}
