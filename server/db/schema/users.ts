import { sql } from 'drizzle-orm';
import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './timestamps.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** `scrypt$N$r$p$salt$hash`, base64 parts; see server/features/auth/password.ts. */
    passwordHash: text('password_hash').notNull(),
    createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower').on(sql`lower(${t.username})`)],
);
