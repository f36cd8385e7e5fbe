import { sql } from 'drizzle-orm';
import { sqlIntArray, touched, type PersonDataSource } from '../source.js';

/**
 * Automation runs keep a step's counts (how many entered each step), so they stay under the
 * pseudonym without a subscriber; an active run ends as `erased`. Runs before the records
 * are deleted: that trigger would end them with the address in a webhook event.
 */
export const automationRunsSource: PersonDataSource = {
  section: 'automation_runs',
  erase: async (tx, person) => {
    const ids = sqlIntArray(person.subscriberIds);
    await tx.execute(sql`DELETE FROM automation_segment_members WHERE subscriber_id = ANY(${ids})`);
    return touched(
      tx,
      sql`WITH kept AS (
            UPDATE automation_runs
               SET email = ${person.pseudonym}, subscriber_id = NULL,
                   state = CASE WHEN state = 'active' THEN 'exited' ELSE state END,
                   exit_reason = CASE WHEN state = 'active' THEN 'erased' ELSE exit_reason END,
                   due_datetime = CASE WHEN state = 'active' THEN NULL ELSE due_datetime END,
                   end_datetime = CASE WHEN state = 'active' THEN now() ELSE end_datetime END
             WHERE subscriber_id = ANY(${ids}) OR lower(email) = ${person.email}
            RETURNING 1)
          SELECT count(*)::int AS n FROM kept`,
    );
  },
};
