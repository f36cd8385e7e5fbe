import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { lists } from './lists.js';
import { timestamptz } from './timestamps.js';
import { users } from './users.js';

/** Custom roles (migration 0015); the built-in ones live in contract/permissions.ts. */
export const roles = pgTable('roles', {
  name: text('name').primaryKey(),
  permissions: text('permissions').array().notNull(),
  createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
});

/** The lists a user limited to some lists may see (`read`) or change (`manage`). */
export const userLists = pgTable(
  'user_lists',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    access: text('access').notNull().$type<'read' | 'manage'>(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listId] }), index('user_lists_list').on(t.listId)],
);

/** API tokens: only the SHA-256 of the 256-bit token is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
    expireDatetime: timestamptz('expire_datetime'),
    lastUsedDatetime: timestamptz('last_used_datetime'),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash').on(t.tokenHash),
    index('api_tokens_user').on(t.userId),
  ],
);
