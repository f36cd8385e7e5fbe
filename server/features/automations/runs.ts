import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { writeHistory, writeOutcomes } from './run-records.js';
import type { Automation, DueRun, Outcome } from './run-types.js';
import { stepHelpers, walk } from './run-walk.js';
import { at } from './sql-instant.js';

/**
 * Advances up to `batch` due runs of active automations, in one transaction
 * (docs/decisions/automations.md): claimed with FOR UPDATE SKIP LOCKED through the `automation_runs_due` index per active
 * automation (a paused automation's runs are never read), each run walked through its
 * instantaneous steps (send, condition) up to its next wait or its end, the send steps'
 * recipients appended to the step's delivery and every new state written before commit. A
 * crash before the commit leaves the runs as they were, due, for any replica; after it, the
 * delivery engine owns the messages. Returns how many runs moved.
 */
export async function advanceDueRuns(db: Db, now: Date, batch = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const runs = await queryRows<DueRun>(
      tx,
      sql`SELECT r.id, r.automation_id, r.subscriber_id, r.email, r.entry, r.step_id,
                 r.step_position, s.subscription, s.language
            FROM automations a
           CROSS JOIN LATERAL (
             SELECT * FROM automation_runs r
              WHERE r.automation_id = a.id AND r.state = 'active' AND r.due_datetime <= ${at(now)}
              ORDER BY r.due_datetime LIMIT ${batch}
                FOR UPDATE SKIP LOCKED) r
            LEFT JOIN subscribers s ON s.id = r.subscriber_id
           WHERE a.state = 'active'
           LIMIT ${batch}`,
    );
    if (runs.length === 0) return 0;
    const automationIds = [...new Set(runs.map((r) => r.automation_id))];
    const automations = await queryRows<Automation>(
      tx,
      sql`SELECT id, list_id, name, steps, time_zone FROM automations
           WHERE id = ANY(${`{${automationIds.join(',')}}`}::int[])`,
    );
    const byId = new Map(automations.map((a) => [a.id, a]));
    const helpers = stepHelpers(tx, now);
    const outcomes: Outcome[] = [];
    for (const run of runs) {
      const automation = byId.get(run.automation_id)!;
      outcomes.push(await walk(run, automation, now, helpers));
    }
    await writeOutcomes(tx, outcomes, runs, now);
    await writeHistory(tx, outcomes, runs, byId);
    return runs.length;
  });
}
