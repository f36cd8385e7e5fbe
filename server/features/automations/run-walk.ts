import { sql } from 'drizzle-orm';
import type { StoredStep } from '../../../contract/automations.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { RawRow } from '../../db/raw-row.js';
import type { deliveries as deliveriesTable } from '../../db/schema/index.js';
import { inAnySegment } from '../segments/index.js';
import type { Automation, DueRun, Entered, Outcome } from './run-types.js';
import { at } from './sql-instant.js';
import { variantFor, waitEnds } from './steps.js';

/** One run through its instantaneous steps (send, condition) up to its next wait or its end. */
export async function walk(
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
export function stepHelpers(tx: Executor, now: Date) {
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
      const [row] = await queryRows<Pick<RawRow<typeof deliveriesTable>, 'id'>>(
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
                 -- Machines drive nothing (issue 51): a scanner's click takes no branch.
                 AND x.class = 'human'
               WHERE rs.run_id = ${run.id} AND rs.step_id = ${target}) AS yes`,
      );
      return row?.yes === true;
    },
  };
}
