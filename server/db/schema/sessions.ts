import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './timestamps.js';
import { users } from './users.js';

/**
 * Browser sessions (docs/decisions/api-choices.md): the cookie carries a random token, this table only its
 * SHA-256, so a copy of the database signs nobody in. Removing a user removes its sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createDatetime: timestamptz('create_datetime').notNull(),
    /** Refreshed at most once a minute by requests, for the idle timeout. */
    lastUsedDatetime: timestamptz('last_used_datetime').notNull(),
    /** Absolute end, whatever the activity. */
    expireDatetime: timestamptz('expire_datetime').notNull(),
    /** Shown on the Security screen (migration 0016): the browser and address of sign-in. */
    userAgent: text('user_agent').notNull().default(''),
    address: text('address').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_user').on(t.userId)],
);
