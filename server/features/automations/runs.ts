import { sql } from 'drizzle-orm';
import type { StoredStep } from '../../../contract/automations.js';
import type { Db, Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { inAnySegment } from '../segments/index.js';
import { localParts } from './local-time.js';
import { variantFor, waitEnds } from './steps.js';

/** A clock instant as a SQL timestamp (the injected clock, not the database's). */
export const at = (when: Date) => sql`${when.toISOString()}::timestamptz`;

type DueRun = {
  id: string | number;
  automation_id: number;
  subscriber_id: number | null;
  email: string;
  entry: number;
  step_id: number | null;
  step_position: number;
  subscription: string | null;
  language: string | null;
};

type Automation = {
  id: number;
  list_id: number;
  name: string;
  steps: StoredStep[];
  time_zone: string;
};

type Entered = { stepId: number; outcome: string; send?: { deliveryId: number } };
type Outcome = {
  id: number;
  state: 'active' | 'finished' | 'exited';
  stepId: number | null;
  position: number;
  due: Date | null;
  exitReason: string;
  entered: Entered[];
  subscriberId: number | null;
  email: string;
};

/**
 * Advances up to `batch` due runs of active automations, in one transaction (docs/architecture.md
 * §17): claimed with FOR UPDATE SKIP LOCKED through the `automation_runs_due` index per active
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

async function walk(
  run: DueRun,
  automation: Automation,
  now: Date,
  helpers: ReturnType<typeof stepHelpers>,
): Promise<Outcome> {
  const steps = automation.steps;
  const base = {
    id: Number(run.id),
    subscriberId: run.subscriber_id,
    email: run.email,
    entered: [] as Entered[],
  };
  if (run.subscription !== 'active') {
    return {
      ...base,
      state: 'exited',
      stepId: run.step_id,
      position: run.step_position,
      due: null,
      exitReason: run.subscription ?? 'deleted',
    };
  }
  let i = 0;
  if (run.step_id !== null) {
    const at = steps.findIndex((s) => s.id === run.step_id);
    // A removed step: go on from where it stood.
    i = at >= 0 ? at + 1 : Math.min(run.step_position, steps.length);
  }
  let stepId = run.step_id;
  let position = run.step_position;
  while (i < steps.length) {
    const step = steps[i]!;
    stepId = step.id;
    position = i;
    if (step.type === 'wait') {
      base.entered.push({ stepId: step.id, outcome: '' });
      return {
        ...base,
        state: 'active',
        stepId,
        position,
        due: waitEnds(step, now, automation.time_zone),
        exitReason: '',
      };
    }
    if (step.type === 'send') {
      const deliveryId = await helpers.deliveryFor(automation.id, step, run);
      base.entered.push({
        stepId: step.id,
        outcome: deliveryId ? '' : 'no variant',
        ...(deliveryId ? { send: { deliveryId } } : {}),
      });
      i++;
      continue;
    }
    const holds = await helpers.holds(step, run, automation.list_id);
    const outcome = holds ? 'continue' : step.else;
    base.entered.push({ stepId: step.id, outcome });
    if (holds) i++;
    else if (step.else === 'skip') i += 2;
    else return { ...base, state: 'exited', stepId, position, due: null, exitReason: 'condition' };
  }
  return { ...base, state: 'finished', stepId, position, due: null, exitReason: '' };
}

/** What steps need from the database, cached for one batch. */
function stepHelpers(tx: Executor, now: Date) {
  const variants = new Map<number, { id: number; position: number; languages: string[] }[]>();
  const deliveries = new Map<string, number>();
  return {
    /** The running delivery of this step, variant (by language) and entry; created once. */
    async deliveryFor(automationId: number, step: { id: number; mailing: number }, run: DueRun) {
      if (!variants.has(step.mailing)) {
        variants.set(
          step.mailing,
          await queryRows(
            tx,
            sql`SELECT id, position, languages FROM variants WHERE mailing_id = ${step.mailing}`,
          ),
        );
      }
      const variant = variantFor(variants.get(step.mailing)!, run.language ?? '');
      if (variant === undefined) return undefined;
      const key = `${automationId}:${step.id}:${variant}:${run.entry}`;
      const known = deliveries.get(key);
      if (known) return known;
      await tx.execute(sql`
        INSERT INTO deliveries (variant_id, scheduled_datetime, status, started_datetime,
                                automation_id, automation_step, automation_entry)
        SELECT ${variant}, ${at(now)}, CASE a.state WHEN 'active' THEN 'running' ELSE 'paused' END,
               ${at(now)}, a.id, ${step.id}, ${run.entry}
          FROM automations a WHERE a.id = ${automationId}
        ON CONFLICT (automation_id, automation_step, variant_id, automation_entry)
           WHERE automation_id IS NOT NULL DO NOTHING`);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM deliveries WHERE automation_id = ${automationId}
               AND automation_step = ${step.id} AND variant_id = ${variant}
               AND automation_entry = ${run.entry}`,
      );
      deliveries.set(key, row!.id);
      return row!.id;
    },

    /** A condition: opened or clicked the mail of an earlier send step, or in a segment now. */
    async holds(
      step: Extract<StoredStep, { type: 'condition' }>,
      run: DueRun,
      listId: number,
    ): Promise<boolean> {
      if ('segment' in step.if) {
        const inSegment = await inAnySegment(tx, listId, [step.if.segment]);
        const [row] = await queryRows<{ yes: boolean }>(
          tx,
          sql`SELECT EXISTS (SELECT 1 FROM subscribers
                              WHERE subscribers.id = ${run.subscriber_id} AND ${inSegment}) AS yes`,
        );
        return row?.yes === true;
      }
      const opened = 'opened' in step.if;
      const target = opened
        ? (step.if as { opened: number }).opened
        : (step.if as { clicked: number }).clicked;
      const records = opened ? sql`stat_opens` : sql`stat_clicks`;
      const [row] = await queryRows<{ yes: boolean }>(
        tx,
        sql`SELECT EXISTS (
              SELECT 1 FROM automation_run_steps rs
                JOIN delivery_recipients dr ON dr.id = rs.recipient_id
                JOIN ${records} x ON x.delivery_id = dr.delivery_id AND x.email = dr.email
               WHERE rs.run_id = ${run.id} AND rs.step_id = ${target}) AS yes`,
      );
      return row?.yes === true;
    },
  };
}

/** Recipients, entered steps and the runs' new states, a few statements for the batch. */
async function writeOutcomes(tx: Executor, outcomes: Outcome[], runs: DueRun[], now: Date) {
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
async function writeHistory(
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
