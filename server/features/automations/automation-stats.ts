import { sql } from 'drizzle-orm';
import type { RunState, StepStats } from '../../../contract/automations.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

export const EMPTY: StepStats = {
  entered: 0,
  waiting: 0,
  sent: 0,
  opened: 0,
  clicked: 0,
  bounced: 0,
  exited: 0,
};

const n = (v: unknown) => Number(v ?? 0);

/** Runs per state, and per step: entered, waiting, sent, opened, clicked, bounced, exited. */
export async function automationStats(db: Executor, ids: number[]) {
  const list = `{${ids.join(',')}}`;
  const runs = await queryRows<{
    automation_id: number;
    state: string;
    step_id: number | null;
    n: unknown;
  }>(
    db,
    sql`SELECT automation_id, state, step_id, count(*) AS n FROM automation_runs
         WHERE automation_id = ANY(${list}::int[]) GROUP BY 1, 2, 3`,
  );
  const entered = await queryRows<{ automation_id: number; step_id: number; n: unknown }>(
    db,
    sql`SELECT automation_id, step_id, count(*) AS n FROM automation_run_steps
         WHERE automation_id = ANY(${list}::int[]) GROUP BY 1, 2`,
  );
  const sends = await queryRows<{
    automation_id: number;
    step_id: number;
    sent: unknown;
    bounced: unknown;
    opened: unknown;
    clicked: unknown;
  }>(
    db,
    sql`SELECT d.automation_id, d.automation_step AS step_id,
               sum((SELECT COALESCE(sum(c.n), 0) FROM delivery_counts c
                     WHERE c.delivery_id = d.id AND c.state = 'sent')) AS sent,
               sum((SELECT COALESCE(sum(c.n), 0) FROM delivery_counts c
                     WHERE c.delivery_id = d.id AND c.state = 'bounced')) AS bounced,
               sum((SELECT count(*) FROM stat_opens o WHERE o.delivery_id = d.id
                     AND o.class = 'human' AND (o.first OR o.first_human))) AS opened,
               sum((SELECT count(DISTINCT k.email) FROM stat_clicks k
                     WHERE k.delivery_id = d.id AND k.class = 'human'
                       AND (k.first OR k.first_human))) AS clicked
          FROM deliveries d WHERE d.automation_id = ANY(${list}::int[])
         GROUP BY 1, 2`,
  );
  const result = new Map<
    number,
    { runs: Record<RunState, number>; steps: Map<number, StepStats> }
  >();
  const of = (automationId: number) => {
    if (!result.has(automationId))
      result.set(automationId, {
        runs: { active: 0, finished: 0, exited: 0 },
        steps: new Map(),
      });
    return result.get(automationId)!;
  };
  const step = (automationId: number, stepId: number) => {
    const steps = of(automationId).steps;
    if (!steps.has(stepId)) steps.set(stepId, { ...EMPTY });
    return steps.get(stepId)!;
  };
  for (const r of runs) {
    of(r.automation_id).runs[r.state as RunState] += n(r.n);
    if (r.step_id === null) continue;
    if (r.state === 'active') step(r.automation_id, r.step_id).waiting += n(r.n);
    if (r.state === 'exited') step(r.automation_id, r.step_id).exited += n(r.n);
  }
  for (const e of entered) step(e.automation_id, e.step_id).entered += n(e.n);
  for (const s of sends) {
    const target = step(s.automation_id, s.step_id);
    target.sent += n(s.sent);
    target.bounced += n(s.bounced);
    target.opened += n(s.opened);
    target.clicked += n(s.clicked);
  }
  return (automationId: number) => of(automationId);
}
