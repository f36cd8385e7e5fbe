import { sql } from 'drizzle-orm';
import { containsPattern, touched, type PersonDataSource } from '../source.js';

/**
 * Webhook events whose payload holds the address, with their queued messages and attempts
 * (foreign keys): a pending message is not sent after the erasure. Runs last, after every
 * other source's writes (which may queue events of their own).
 */
export const webhookEventsSource: PersonDataSource = {
  section: 'webhook_events',
  erase: (tx, person) =>
    touched(
      tx,
      sql`WITH gone AS (DELETE FROM webhook_events
                         WHERE data::text ILIKE ${containsPattern(person.email)}
                        RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    ),
};
