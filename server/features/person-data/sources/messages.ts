import { sql } from 'drizzle-orm';
import {
  addressPattern,
  inLists,
  isoUtc,
  jsonRows,
  touched,
  type PersonDataSource,
} from '../source.js';

/**
 * The send log: every message sent to the address, with its mailing. Erasing keeps each row
 * under the erasure's pseudonym, since a delivery's counts (sent, failed, bounced) are
 * statistics that must not drop; the relay's answers lose the address. A message not sent
 * yet is skipped (the delivery's counts move from queued to skipped).
 */
export const messagesSource: PersonDataSource = {
  section: 'messages',
  export: (db, person) =>
    jsonRows(
      db,
      sql`SELECT jsonb_build_object(
            'mailing', jsonb_build_object('id', m.id, 'name', m.name), 'subject', v.subject,
            'delivery', d.id, 'email', r.email, 'state', r.state,
            'sent_datetime', ${isoUtc(sql`r.sent_datetime`)}) AS row
          FROM delivery_recipients r
          JOIN deliveries d ON d.id = r.delivery_id
          JOIN variants v ON v.id = d.variant_id
          JOIN mailings m ON m.id = v.mailing_id
         WHERE lower(r.email) = ${person.email}${inLists(sql`m.list_id`, person.listIds)}
         ORDER BY r.sent_datetime NULLS LAST, r.id`,
    ),
  erase: (tx, person) => {
    const address = addressPattern(person.email);
    return touched(
      tx,
      sql`WITH kept AS (
            UPDATE delivery_recipients
               SET email = ${person.pseudonym}, subscriber_id = NULL,
                   -- A delivery still running must not mail the pseudonym.
                   state = CASE WHEN state IN ('queued', 'sending') THEN 'skipped' ELSE state END,
                   locked_until = NULL, lease_token = NULL,
                   last_error = regexp_replace(last_error, ${address}, '[erased]', 'gi'),
                   smtp_response = regexp_replace(smtp_response, ${address}, '[erased]', 'gi')
             WHERE lower(email) = ${person.email}
            RETURNING 1)
          SELECT count(*)::int AS n FROM kept`,
    );
  },
};
