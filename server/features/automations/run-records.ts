import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { localParts } from './local-time.js';
import type { Automation, DueRun, Outcome } from './run-types.js';
import { at } from './sql-instant.js';

/** Recipients, entered steps and the runs' new states, a few statements for the batch. */
export async function writeOutcomes(tx: Executor, outcomes: Outcome[], runs: DueRun[], now: Date) {
  const sends = outcomes.flatMap((o) =>
    o.entered
      .filter((e) => e.send)
      .map((e) => ({
        run: o.id,
        step: e.stepId,
        delivery: e.send!.deliveryId,
        subscriber: o.subscriberId,
        email: o.email,
      })),
  );
  const recipientOf = new Map<string, number>();
  if (sends.length > 0) {
    const rows = await queryRows<{
      id: string | number;
      delivery_id: number;
      subscriber_id: number;
    }>(
      tx,
      sql`INSERT INTO delivery_recipients (delivery_id, subscriber_id, email)
          SELECT delivery, subscriber, email
            FROM jsonb_to_recordset(${JSON.stringify(sends)}::jsonb)
                 AS x(run bigint, step int, delivery int, subscriber int, email text)
          ON CONFLICT DO NOTHING
          RETURNING id, delivery_id, subscriber_id`,
    );
    for (const r of rows) recipientOf.set(`${r.delivery_id}:${r.subscriber_id}`, Number(r.id));
  }
  const entered = outcomes.flatMap((o) =>
    o.entered.map((e) => ({
      run: o.id,
      step: e.stepId,
      outcome: e.outcome,
      recipient: e.send
        ? (recipientOf.get(`${e.send.deliveryId}:${o.subscriberId}`) ?? null)
        : null,
    })),
  );
  const automationOf = new Map(runs.map((r) => [Number(r.id), r.automation_id]));
  if (entered.length > 0) {
    const withAutomation = entered.map((e) => ({ ...e, automation: automationOf.get(e.run) }));
    await tx.execute(sql`
      INSERT INTO automation_run_steps (run_id, step_id, automation_id, entered_datetime, recipient_id, outcome)
      SELECT run, step, automation, ${at(now)}, recipient, outcome
        FROM jsonb_to_recordset(${JSON.stringify(withAutomation)}::jsonb)
             AS x(run bigint, step int, automation int, recipient bigint, outcome text)
      ON CONFLICT (run_id, step_id) DO NOTHING`);
  }
  const updates = outcomes.map((o) => ({
    id: o.id,
    state: o.state,
    step: o.stepId,
    position: o.position,
    due: o.due?.toISOString() ?? null,
    reason: o.exitReason,
  }));
  await tx.execute(sql`
    UPDATE automation_runs r
       SET state = u.state, step_id = u.step, step_position = u.position, due_datetime = u.due,
           exit_reason = u.reason,
           end_datetime = CASE WHEN u.state = 'active' THEN NULL ELSE ${at(now)} END
      FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
           AS u(id bigint, state text, step int, position int, due timestamptz, reason text)
     WHERE r.id = u.id`);
}

/** "2027-03-15 13:00 UTC", with the automation's own wall clock when it is not UTC. */
function untilText(due: Date, timeZone: string) {
  const utc = `${due.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  if (timeZone === 'UTC') return utc;
  const p = localParts(timeZone, due);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${utc} (${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)} ${timeZone})`;
}

/**
 * One line per run and round in the subscriber's history (kind `message`, field
 * `automation`): which automation, the steps it passed, where it waits or how it ended.
 */
export async function writeHistory(
  tx: Executor,
  outcomes: Outcome[],
  runs: DueRun[],
  automations: Map<number, Automation>,
) {
  const rows = outcomes.flatMap((o, i) => {
    const run = runs[i]!;
    if (o.subscriberId === null) return [];
    const automation = automations.get(run.automation_id)!;
    const position = new Map(automation.steps.map((s, k) => [s.id, k + 1]));
    const parts: string[] = [];
    if (run.step_id === null) parts.push('entered');
    for (const e of o.entered) {
      const step = automation.steps.find((s) => s.id === e.stepId);
      const n = position.get(e.stepId);
      if (step?.type === 'send')
        parts.push(e.send ? `step ${n}: mail queued` : `step ${n}: no variant`);
      if (step?.type === 'condition') parts.push(`step ${n}: ${e.outcome}`);
      if (step?.type === 'wait' && o.due)
        parts.push(`step ${n}: waits until ${untilText(o.due, automation.time_zone)}`);
    }
    if (o.state === 'finished') parts.push('finished');
    if (o.state === 'exited') parts.push(`ended (${o.exitReason})`);
    return [
      {
        list: automation.list_id,
        subscriber: o.subscriberId,
        text: `Automation "${automation.name}": ${parts.join('; ')}`,
      },
    ];
  });
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO subscriber_history (list_id, subscriber_id, kind, field, new_value)
    SELECT x.list, x.subscriber, 'message', 'automation', to_jsonb(x.text)
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(list int, subscriber int, text text)
     WHERE EXISTS (SELECT 1 FROM subscribers s WHERE s.id = x.subscriber)`);
}
