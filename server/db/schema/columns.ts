import { integer } from 'drizzle-orm/pg-core';
import { timestamptz } from './timestamps.js';
import { users } from './users.js';

export { timestamptz };

/** The audit columns the spec shows on lists and subscribers. */
export const audit = () => ({
  createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
  createUser: integer('create_user').references(() => users.id, { onDelete: 'set null' }),
  updateDatetime: timestamptz('update_datetime').notNull().defaultNow(),
  updateUser: integer('update_user').references(() => users.id, { onDelete: 'set null' }),
});
