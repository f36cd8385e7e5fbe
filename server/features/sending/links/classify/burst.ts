import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { queryRows } from '../../../../db/query-rows.js';
import { BURST } from './classify.js';
import { bit, classSql } from './reasons.js';
import { refreshFirstHuman, type HitKey } from './first-human.js';

const BURST_BIT = sql.raw(String(bit('burst')));
const TRAP_BIT = sql.raw(String(bit('trap')));

type Changed = HitKey & { url: string };

/**
 * The rules that need the hits around a click, run as a pass over stored clicks once their
 * window has passed (docs/decisions/human-machine.md): `burst`, several links of one message
 * hit by one client (the same recipient's message, address block and user agent) within
 * BURST.seconds (a gateway fetching every link; a person cannot); and `trap` for every click
 * of a client that followed the trap link. `since`: only clicks recorded after it (null: all,
 * for a reclassification). Returns how many changed.
 *
 * Both cost a client's clicks once, not once per click: a gateway fetches thousands of
 * times from one client (TRACKING=counts piles them on one recipient), and counting each
 * click's neighbours cost their square.
 */
export async function settleBursts(db: Executor, since: Date | null): Promise<number> {
  const after = since?.toISOString();
  const recent = (alias: SQL) =>
    after ? sql`AND ${alias}.datetime > ${after}::timestamptz` : sql``;
  const changed = [...(await markBursts(db, recent, after)), ...(await markTrapped(db, recent))];
  await refreshFirstHuman(db, 'clicks', changed);
  return changed.length;
}

const mark = (reason: SQL) =>
  sql`reasons = c.reasons | ${reason}, class = ${classSql(sql`c.reasons | ${reason}`)}`;

/**
 * A click is in a burst when at least BURST.links links of its client were hit within
 * BURST.seconds of it, itself included. Each click of a link covers the instants within
 * BURST.seconds of it; a link's overlapping covers merge into islands (disjoint per link),
 * so the links hit around a click are the islands holding its instant: a sweep over the
 * islands' starts (+1) and ends (-1) in time order counts them. Sorting, not pairing.
 */
function markBursts(db: Executor, recent: (alias: SQL) => SQL, after: string | undefined) {
  const window = sql.raw(`interval '${BURST.seconds} seconds'`);
  return queryRows<Changed>(
    db,
    sql`WITH candidates AS MATERIALIZED (
          SELECT c.id, c.datetime, c.delivery_id, c.email, c.client_block, c.agent_id,
                 dense_rank() OVER (ORDER BY c.delivery_id, c.email, c.client_block, c.agent_id) AS client
            FROM stat_clicks c
           WHERE c.client_block IS NOT NULL AND c.reasons & ${BURST_BIT} = 0 ${recent(sql`c`)}
        ),
        hits AS MATERIALIZED (
          SELECT k.client, e.id, e.url, e.datetime
            FROM (SELECT DISTINCT client, delivery_id, email, client_block, agent_id FROM candidates) AS k
            JOIN stat_clicks e
              ON e.delivery_id = k.delivery_id AND e.email = k.email
             AND e.client_block = k.client_block AND e.agent_id IS NOT DISTINCT FROM k.agent_id
           WHERE ${after ? sql`e.datetime >= ${after}::timestamptz - ${window}` : sql`true`}
        ),
        islands AS (
          SELECT client, min(datetime) - ${window} AS starts, max(datetime) + ${window} AS ends
            FROM (SELECT client, url, datetime,
                         sum(gap) OVER (PARTITION BY client, url ORDER BY datetime, id) AS island
                    FROM (SELECT h.*,
                                 CASE WHEN datetime - lag(datetime) OVER (PARTITION BY client, url ORDER BY datetime, id)
                                           <= 2 * ${window} THEN 0 ELSE 1 END AS gap
                            FROM hits h) AS g) AS i
           GROUP BY client, url, island
        ),
        events AS (
          SELECT client, starts AS at, 0 AS turn, 1 AS delta, NULL::bigint AS id FROM islands
          UNION ALL SELECT client, ends, 2, -1, NULL FROM islands
          UNION ALL SELECT client, datetime, 1, 0, id FROM candidates
        ),
        covered AS (
          SELECT id, sum(delta) OVER (PARTITION BY client ORDER BY at, turn ROWS UNBOUNDED PRECEDING) AS links
            FROM events
        )
        UPDATE stat_clicks c SET ${mark(BURST_BIT)}
          FROM covered v
         WHERE v.id = c.id AND v.links >= ${BURST.links}
        RETURNING c.delivery_id, c.email, c.url`,
  );
}

/** Every click of a client that also hit the trap link; each client looked at once. */
function markTrapped(db: Executor, recent: (alias: SQL) => SQL) {
  return queryRows<Changed>(
    db,
    sql`UPDATE stat_clicks c SET ${mark(TRAP_BIT)}
          FROM (SELECT k.* FROM (SELECT DISTINCT delivery_id, email, client_block, agent_id
                                   FROM stat_clicks c
                                  WHERE c.client_block IS NOT NULL AND c.reasons & ${TRAP_BIT} = 0
                                        ${recent(sql`c`)}) AS k
                 WHERE EXISTS (SELECT 1 FROM stat_clicks e
                                WHERE e.delivery_id = k.delivery_id AND e.email = k.email
                                  AND e.client_block = k.client_block
                                  AND e.agent_id IS NOT DISTINCT FROM k.agent_id
                                  AND e.reasons & ${TRAP_BIT} <> 0)) AS t
         WHERE c.delivery_id = t.delivery_id AND c.email = t.email
           AND c.client_block = t.client_block AND c.agent_id IS NOT DISTINCT FROM t.agent_id
           AND c.reasons & ${TRAP_BIT} = 0 ${recent(sql`c`)}
        RETURNING c.delivery_id, c.email, c.url`,
  );
}
