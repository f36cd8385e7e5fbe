import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  AutomationState,
  AutomationTrigger,
  StoredStep,
} from '../../../contract/automations.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { RawRow } from '../../db/raw-row.js';
import {
  automations,
  type mailings as mailingsTable,
  type segments as segmentsTable,
} from '../../db/schema/index.js';
import { automationStats } from './automation-stats.js';
import { runsRepository } from './runs-repository.js';
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
    /** Runs per state, and per step (automation-stats.ts). */
    stats: (ids: number[]) => automationStats(db, ids),

    /** Mailings and segments of the list among these ids (what steps may name). */
    async known(listId: number, mailings: number[], segments: number[]) {
      const m = await queryRows<Pick<RawRow<typeof mailingsTable>, 'id'>>(
        db,
        sql`SELECT id FROM mailings WHERE list_id = ${listId}
               AND id = ANY(${`{${mailings.join(',')}}`}::int[])`,
      );
      const s = await queryRows<Pick<RawRow<typeof segmentsTable>, 'id'>>(
        db,
        sql`SELECT id FROM segments WHERE list_id = ${listId}
               AND id = ANY(${`{${segments.join(',')}}`}::int[])`,
      );
      return { mailings: new Set(m.map((r) => r.id)), segments: new Set(s.map((r) => r.id)) };
    },
    ...runsRepository(db),
  };
}

/** When the scheduler first checks a trigger (null: subscribed runs start by themselves). */
function checkDueOf(trigger: AutomationTrigger, now: Date, timeZone: string): Date | null {
  if (trigger.type === 'segment_entered') return now;
  if (trigger.type === 'date_field') return firstDateCheck(trigger.hour, now, timeZone);
  return null;
}
