import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { RawRow } from '../../db/raw-row.js';
import type { automations } from '../../db/schema/index.js';
import { inAnySegment } from '../segments/index.js';
import { addLocalDays, localParts, zonedHour } from './local-time.js';
import { at } from './sql-instant.js';

const HOUR = 60 * 60_000;

/**
 * The first time a date_field automation looks: today's hour in its time zone ("today" being
 * that zone's date), even if it has passed.
 */
export function firstDateCheck(hour: number, now: Date, timeZone: string) {
  return zonedHour(timeZone, localParts(timeZone, now), hour);
}

/**
 * Evaluates one automation whose trigger check is due (segment_entered: hourly and soon after
 * a change of the list's subscribers; date_field: daily at its hour), SKIP LOCKED so replicas
 * share them. Runs start in the same transaction as the check. Returns false when none was due.
 */
export async function evaluateDueTrigger(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [a] = await queryRows<
      Pick<
        RawRow<typeof automations>,
        'id' | 'list_id' | 'trigger' | 'time_zone' | 'reenter' | 'segment_seeded'
      > & { check_due: string }
    >(
      tx,
      sql`SELECT id, list_id, trigger, time_zone, reenter, segment_seeded, check_due FROM automations
           WHERE state = 'active' AND check_due <= ${at(now)}
           ORDER BY check_due LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!a) return false;
    let next: Date | null = null;
    if (a.trigger.type === 'segment_entered') {
      const inSegment = await inAnySegment(tx, a.list_id, [a.trigger.segment]);
      // Who matches now and did not at the last look enters; who left may enter again later
      // (when the automation lets them re-enter). The first look only records who is in.
      await tx.execute(sql`
        WITH cur AS (SELECT subscribers.id, subscribers.email FROM subscribers
                      WHERE subscribers.list_id = ${a.list_id}
                        AND subscribers.subscription = 'active' AND ${inSegment}),
             gone AS (DELETE FROM automation_segment_members m
                       WHERE m.automation_id = ${a.id}
                         AND NOT EXISTS (SELECT 1 FROM cur WHERE cur.id = m.subscriber_id)),
             fresh AS (INSERT INTO automation_segment_members (automation_id, subscriber_id)
                       SELECT ${a.id}, id FROM cur ON CONFLICT DO NOTHING RETURNING subscriber_id)
        INSERT INTO automation_runs (automation_id, subscriber_id, email, entry, due_datetime)
        SELECT ${a.id}, c.id, c.email, COALESCE(prev.entry, 0) + 1, ${at(now)}
          FROM fresh f JOIN cur c ON c.id = f.subscriber_id
         CROSS JOIN LATERAL (SELECT max(r.entry) AS entry, bool_or(r.state = 'active') AS running
                               FROM automation_runs r
                              WHERE r.automation_id = ${a.id} AND r.subscriber_id = c.id) prev
         WHERE ${a.segment_seeded}
           AND (prev.entry IS NULL OR (${a.reenter} AND NOT COALESCE(prev.running, false)))
        ON CONFLICT DO NOTHING`);
      next = new Date(now.getTime() + HOUR);
    } else if (a.trigger.type === 'date_field') {
      // The day this check stands for, in the automation's time zone (a late check catches
      // up day by day); the next check is that zone's hour on the day after, DST included.
      const day = localParts(a.time_zone, new Date(a.check_due));
      const pad = (n: number) => String(n).padStart(2, '0');
      const monthDay = `${pad(day.month)}-${pad(day.day)}`;
      const value =
        a.trigger.field === 'date_of_birth'
          ? sql`s.date_of_birth::text`
          : sql`(s.custom ->> ${a.trigger.field})`;
      // Once per year at most (entry = the year); without re-entry, once ever.
      await tx.execute(sql`
        INSERT INTO automation_runs (automation_id, subscriber_id, email, entry, due_datetime)
        SELECT ${a.id}, s.id, s.email, ${day.year}, ${at(now)}
          FROM subscribers s
         WHERE s.list_id = ${a.list_id} AND s.subscription = 'active'
           AND substr(${value}, 6, 5) = ${monthDay}
           AND (${a.reenter} OR NOT EXISTS (SELECT 1 FROM automation_runs r
                                            WHERE r.automation_id = ${a.id} AND r.subscriber_id = s.id))
        ON CONFLICT DO NOTHING`);
      next = zonedHour(a.time_zone, addLocalDays(day, 1), a.trigger.hour);
    }
    await tx.execute(sql`
      UPDATE automations SET check_due = ${next ? at(next) : sql`NULL`}, segment_seeded = true
       WHERE id = ${a.id}`);
    return true;
  });
}
