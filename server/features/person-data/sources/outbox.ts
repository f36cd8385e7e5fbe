import { sql } from 'drizzle-orm';
import { containsPattern, touched, type PersonDataSource } from '../source.js';

/**
 * The embedded outbox's copies: messages to the address, and test messages that show it
 * (a test filled with the person's data goes to a colleague). Copies of what `messages`
 * lists, so nothing of their own in the export. The outbox is capped, so a scan is cheap.
 */
export const outboxSource: PersonDataSource = {
  section: 'outbox_messages',
  erase: (tx, person) => {
    const pattern = containsPattern(person.email);
    return touched(
      tx,
      sql`WITH gone AS (
            DELETE FROM outbox_messages
             WHERE recipient ILIKE ${pattern} OR subject ILIKE ${pattern}
                OR headers::text ILIKE ${pattern} OR html ILIKE ${pattern} OR text ILIKE ${pattern}
            RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
  },
};
