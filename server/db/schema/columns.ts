import { integer } from 'drizzle-orm/pg-core';
import { timestamptz } from './timestamps.js';
import { users } from './users.js';

export { timestamptz };

/**
 * The audit columns with users checked by triggers, not foreign keys (subscribers,
 * migration 0012): the same guarantees, checked once per statement instead of per row.
 */
export const auditCheckedByTriggers = () => ({
  createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
  createUser: integer('create_user'),
  updateDatetime: timestamptz('update_datetime').notNull().defaultNow(),
  updateUser: integer('update_user'),
});

/** The audit columns the spec shows on lists and subscribers. */
export const audit = () => ({
  ...auditCheckedByTriggers(),
  createUser: integer('create_user').references(() => users.id, { onDelete: 'set null' }),
  updateUser: integer('update_user').references(() => users.id, { onDelete: 'set null' }),
});
