import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  AutomationState,
  AutomationTrigger,
  RunState,
  StepStats,
  StoredStep,
} from '../../../contract/automations.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { automationRuns, automations } from '../../db/schema/index.js';
import { apiSteps } from './steps.js';
import { firstDateCheck } from './triggers.js';

export type AutomationRow = typeof automations.$inferSelect;
export type AutomationValues = {
  name: string;
  trigger: AutomationTrigger;
  steps: StoredStep[];
  nextStepId: number;
  reenter: boolean;
  timeZone: string;
};

const EMPTY: StepStats = {
  entered: 0,
  waiting: 0,
  sent: 0,
  opened: 0,
  clicked: 0,
  bounced: 0,
  exited: 0,
};

const n = (v: unknown) => Number(v ?? 0);

export function automationsRepository(db: Executor) {
  const inList = (listId: number, id: number) =>
    and(eq(automations.listId, listId), eq(automations.id, id));
  const triggerColumns = (trigger: AutomationTrigger) => ({
    trigger,
    triggerType: trigger.type,
    includeImports: trigger.type === 'subscribed' && trigger.include_imports === true,
  });

  return {
    count: async (listId: number) =>
      (await db.select({ n: count() }).from(automations).where(eq(automations.listId, listId)))[0]!
        .n,

    page: (listId: number, limit: number, offset: number): Promise<AutomationRow[]> =>
      db
        .select()
        .from(automations)
        .where(eq(automations.listId, listId))
        .orderBy(asc(automations.id))
        .limit(limit)
        .offset(offset),

    async get(listId: number, id: number): Promise<AutomationRow | undefined> {
      const [row] = await db.select().from(automations).where(inList(listId, id));
      return row;
    },

    async create(listId: number, values: AutomationValues, userId: number) {
      const [row] = await db
        .insert(automations)
        .values({
          listId,
          name: values.name,
          ...triggerColumns(values.trigger),
          steps: values.steps,
          nextStepId: values.nextStepId,
          reenter: values.reenter,
          timeZone: values.timeZone,
          createUser: userId,
          updateUser: userId,
        })
        .returning();
      return row!;
    },

    /**
     * A changed trigger or time zone of an active automation is checked again from now on
     * (a day already looked at again starts no second run: one per year and subscriber).
     * Runs already waiting keep the instant they were given.
     */
    async update(
      current: AutomationRow,
      values: Partial<AutomationValues>,
      userId: number,
      now: Date,
    ) {
      const { trigger, ...rest } = values;
      const retrigger =
        trigger !== undefined ||
        (values.timeZone !== undefined && values.timeZone !== current.timeZone);
      const [row] = await db
        .update(automations)
        .set({
          ...rest,
          ...(trigger ? triggerColumns(trigger) : {}),
          ...(retrigger
            ? {
                checkDue: checkDueOf(
                  trigger ?? current.trigger,
                  now,
                  values.timeZone ?? current.timeZone,
                ),
                segmentSeeded: trigger ? false : current.segmentSeeded,
              }
            : {}),
          updateUser: userId,
          updateDatetime: new Date(),
        })
        .where(inList(current.listId, current.id))
        .returning();
      return row;
    },

    /**
     * Activating or pausing: the state, the step deliveries with it (a paused automation's
     * queued mail waits too), and when its trigger is next checked. Runs are not touched:
     * they stay where they are and continue when due.
     */
    async setState(row: AutomationRow, state: AutomationState, now: Date) {
      const deliveryStatus = state === 'active' ? 'running' : 'paused';
      const from = state === 'active' ? 'paused' : 'running';
      await db.execute(sql`
        UPDATE deliveries SET status = ${deliveryStatus}
         WHERE automation_id = ${row.id} AND status = ${from}`);
      const checkDue = state === 'active' ? checkDueOf(row.trigger, now, row.timeZone) : null;
      const [updated] = await db
        .update(automations)
        .set({ state, checkDue })
        .where(eq(automations.id, row.id))
        .returning();
      return updated!;
    },

    /** Its step deliveries stop (cancelled: nothing more is sent), its runs go with it. */
    async delete(listId: number, id: number): Promise<boolean> {
      await db.execute(sql`
        UPDATE deliveries SET status = 'cancelled'
         WHERE automation_id = ${id} AND status IN ('running', 'paused')
           AND EXISTS (SELECT 1 FROM automations WHERE id = ${id} AND list_id = ${listId})`);
      const rows = await db
        .delete(automations)
        .where(inList(listId, id))
        .returning({ id: automations.id });
      return rows.length > 0;
    },

    /** Runs per state, and per step: entered, waiting, sent, opened, clicked, bounced, exited. */
    async stats(ids: number[]) {
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
                   sum((SELECT count(*) FROM stat_opens o WHERE o.delivery_id = d.id AND o.first)) AS opened,
                   sum((SELECT count(DISTINCT k.email) FROM stat_clicks k
                         WHERE k.delivery_id = d.id AND k.first)) AS clicked
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
    },

    runCount: async (automationId: number, state?: RunState) =>
      (
        await db
          .select({ n: count() })
          .from(automationRuns)
          .where(
            and(
              eq(automationRuns.automationId, automationId),
              state ? eq(automationRuns.state, state) : undefined,
            ),
          )
      )[0]!.n,

    runPage: (automationId: number, state: RunState | undefined, limit: number, offset: number) =>
      db
        .select()
        .from(automationRuns)
        .where(
          and(
            eq(automationRuns.automationId, automationId),
            state ? eq(automationRuns.state, state) : undefined,
          ),
        )
        .orderBy(asc(automationRuns.id))
        .limit(limit)
        .offset(offset),

    /** Mailings and segments of the list among these ids (what steps may name). */
    async known(listId: number, mailings: number[], segments: number[]) {
      const m = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM mailings WHERE list_id = ${listId}
               AND id = ANY(${`{${mailings.join(',')}}`}::int[])`,
      );
      const s = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM segments WHERE list_id = ${listId}
               AND id = ANY(${`{${segments.join(',')}}`}::int[])`,
      );
      return { mailings: new Set(m.map((r) => r.id)), segments: new Set(s.map((r) => r.id)) };
    },

    /** The automations a subscriber is in, and where (their history). */
    subscriberRuns: (subscriberId: number) =>
      queryRows<{
        id: string | number;
        automation_id: number;
        name: string;
        state: string;
        step_id: number | null;
        steps: StoredStep[];
        due_datetime: string | null;
        exit_reason: string;
        start_datetime: string;
        end_datetime: string | null;
      }>(
        db,
        sql`SELECT r.id, r.automation_id, a.name, r.state, r.step_id, a.steps, r.due_datetime,
                   r.exit_reason, r.start_datetime, r.end_datetime
              FROM automation_runs r JOIN automations a ON a.id = r.automation_id
             WHERE r.subscriber_id = ${subscriberId} ORDER BY r.id`,
      ),
  };
}

/** When the scheduler first checks a trigger (null: subscribed runs start by themselves). */
function checkDueOf(trigger: AutomationTrigger, now: Date, timeZone: string): Date | null {
  if (trigger.type === 'segment_entered') return now;
  if (trigger.type === 'date_field') return firstDateCheck(trigger.hour, now, timeZone);
  return null;
}

/** An automation as the API shows it, with its runs and per-step counts. */
export function serializeAutomation(
  row: AutomationRow,
  stats: { runs: Record<RunState, number>; steps: Map<number, StepStats> },
) {
  const steps = apiSteps(row.steps).map((step) => ({
    ...step,
    stats: stats.steps.get(step.id!) ?? { ...EMPTY },
  }));
  const trigger =
    row.trigger.type === 'subscribed'
      ? { type: 'subscribed', include_imports: row.includeImports }
      : row.trigger;
  return {
    id: row.id,
    list: row.listId,
    name: row.name,
    state: row.state,
    trigger,
    steps,
    reenter: row.reenter,
    time_zone: row.timeZone,
    runs: stats.runs,
    create_datetime: row.createDatetime.toISOString(),
    update_datetime: row.updateDatetime.toISOString(),
  };
}

export function serializeRun(row: typeof automationRuns.$inferSelect, steps: StoredStep[]) {
  const index = steps.findIndex((s) => s.id === row.stepId);
  return {
    id: row.id,
    subscriber: row.subscriberId,
    email: row.email,
    entry: row.entry,
    state: row.state,
    step: index >= 0 ? index : null,
    due_datetime: row.dueDatetime?.toISOString() ?? null,
    exit_reason: row.exitReason,
    start_datetime: row.startDatetime.toISOString(),
    end_datetime: row.endDatetime?.toISOString() ?? null,
  };
}
