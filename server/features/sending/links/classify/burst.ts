import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { queryRows } from '../../../../db/query-rows.js';
import { BURST } from './classify.js';
import { bit, classSql } from './reasons.js';
import { refreshFirstHuman, type HitKey } from './first-human.js';

const BURST_BIT = sql.raw(String(bit('burst')));
const TRAP_BIT = sql.raw(String(bit('trap')));

/** One client: the same recipient's message, address block and user agent. */
const sameClient = sql`e.delivery_id = c.delivery_id AND e.email = c.email
  AND e.client_block = c.client_block AND e.agent_id IS NOT DISTINCT FROM c.agent_id`;

/**
 * The rules that need the hits around a click, run as a pass over stored clicks once their
 * window has passed (docs/decisions/human-machine.md): `burst`, several links of one message
 * hit by one client within BURST.seconds (a gateway fetching every link; a person cannot);
 * and `trap` for every click of a client that followed the trap link. `since`: only clicks
 * recorded after it (null: all, for a reclassification). Returns how many changed.
 */
export async function settleBursts(db: Executor, since: Date | null): Promise<number> {
  const recent = since ? sql`AND c.datetime > ${since.toISOString()}::timestamptz` : sql``;
  const window = sql.raw(`interval '${BURST.seconds} seconds'`);
  const mark = (reason: SQL, condition: SQL) =>
    queryRows<HitKey & { url: string }>(
      db,
      sql`UPDATE stat_clicks c SET reasons = c.reasons | ${reason},
                 class = ${classSql(sql`c.reasons | ${reason}`)}
           WHERE c.client_block IS NOT NULL AND c.reasons & ${reason} = 0 ${recent}
             AND ${condition}
          RETURNING c.delivery_id, c.email, c.url`,
    );
  const bursts = await mark(
    BURST_BIT,
    sql`(SELECT count(DISTINCT e.url) FROM stat_clicks e
          WHERE ${sameClient} AND e.client_block IS NOT NULL
            AND e.datetime BETWEEN c.datetime - ${window} AND c.datetime + ${window})
        >= ${BURST.links}`,
  );
  const trapped = await mark(
    TRAP_BIT,
    sql`EXISTS (SELECT 1 FROM stat_clicks e
                 WHERE ${sameClient} AND e.client_block IS NOT NULL
                   AND e.reasons & ${TRAP_BIT} <> 0 AND e.id <> c.id)`,
  );
  const changed = [...bursts, ...trapped];
  await refreshFirstHuman(db, 'clicks', changed);
  return changed.length;
}
