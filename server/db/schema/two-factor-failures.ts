import { integer, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from './timestamps.js';
import { users } from './users.js';

/**
 * Wrong second-factor attempts per user (migration 0027), shared by every challenge and
 * replica: the count of wrong codes in a row, the end of the current wait, and the last notice
 * mailed to the user.
 */
export const twoFactorFailures = pgTable('two_factor_failures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  lastFailure: timestamptz('last_failure'),
  lockedUntil: timestamptz('locked_until'),
  notified: timestamptz('notified'),
});
