import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { touched, type PersonDataSource } from '../source.js';

/**
 * The budgets that stop a form or the preference centre's link page from flooding one
 * mailbox (issue 50) keep an unsalted SHA-256 of the address for a day at most. Short-lived,
 * but a hash of a known address leads back to it: an erasure drops them. Not exported: they
 * say nothing about the person but "a mail was sent lately", which the messages section says.
 */
const hashOf = (email: string) => createHash('sha256').update(email).digest('hex');

export const mailBudgetsSource: PersonDataSource = {
  section: 'mail_budgets',
  erase: (tx, person) =>
    touched(
      tx,
      sql`WITH f AS (DELETE FROM form_address_budget WHERE email_hash = ${hashOf(person.email)}
                     RETURNING 1),
               p AS (DELETE FROM preference_link_requests
                     WHERE address_hash = ${hashOf(person.email)} RETURNING 1)
          SELECT ((SELECT count(*) FROM f) + (SELECT count(*) FROM p))::int AS n`,
    ),
};
