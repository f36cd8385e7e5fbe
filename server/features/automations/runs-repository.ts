import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { RunState, StoredStep } from '../../../contract/automations.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { automationRuns } from '../../db/schema/index.js';

/** An automation's runs, and a subscriber's (part of automationsRepository, repository.ts). */
export function runsRepository(db: Executor) {
  return {
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
