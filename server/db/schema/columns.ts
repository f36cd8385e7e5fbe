import { integer, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Millisecond UTC timestamps, as DESIGN §4 promises in every response. */
export const timestamptz = (name: string) =>
  timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** The audit columns the spec shows on lists and subscribers. */
export const audit = () => ({
  createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
  createUser: integer('create_user').references(() => users.id, { onDelete: 'set null' }),
  updateDatetime: timestamptz('update_datetime').notNull().defaultNow(),
  updateUser: integer('update_user').references(() => users.id, { onDelete: 'set null' }),
});
