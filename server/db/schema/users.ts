import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './timestamps.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** `scrypt$N$r$p$salt$hash`, base64 parts; see server/features/auth/password.ts. */
    passwordHash: text('password_hash').notNull(),
    createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
    /** A built-in role of contract/permissions.ts or a row of `roles` (migration 0015). */
    role: text('role').notNull().default('admin'),
    /** A deactivated user's sessions and tokens are refused (issue 29). */
    active: boolean('active').notNull().default(true),
    /** false: only the lists of `user_lists` exist for the user. */
    allLists: boolean('all_lists').notNull().default(true),
    /** The dashboard language the user chose (issue 55); null: their browser's. */
    locale: text('locale'),
  },
  (t) => [uniqueIndex('users_username_lower').on(sql`lower(${t.username})`)],
);
