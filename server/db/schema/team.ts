import { bigint, bigserial, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './timestamps.js';
import { users } from './users.js';

/**
 * Single-use secrets sent to or held by a user (migration 0016): an invitation link, a
 * password-reset link, or the sign-in challenge between the password and the second factor.
 * Only the SHA-256 of the token is kept, as for sessions.
 */
export const userTokens = pgTable('user_tokens', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['invitation', 'reset', 'challenge'] }).notNull(),
  tokenHash: text('token_hash').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createDatetime: timestamptz('create_datetime').notNull(),
  expireDatetime: timestamptz('expire_datetime').notNull(),
  sentDatetime: timestamptz('sent_datetime'),
  usedDatetime: timestamptz('used_datetime'),
  /** Wrong second-factor codes tried against a challenge. */
  attempts: integer('attempts').notNull().default(0),
});

/** A user's TOTP secret; enrolled once `confirmDatetime` is set (the first code proved it). */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmDatetime: timestamptz('confirm_datetime'),
  /** The last accepted TOTP time step: a code is never accepted twice. */
  lastCounter: bigint('last_counter', { mode: 'number' }).notNull().default(0),
});

export const recoveryCodes = pgTable('recovery_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedDatetime: timestamptz('used_datetime'),
});

/** Roles whose users must sign in with a second factor (GET/PUT /api/v1/settings/two-factor). */
export const twoFactorRequiredRoles = pgTable('two_factor_required_roles', {
  role: text('role').primaryKey(),
});

/** Every write through the API; append-only (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  time: timestamptz('time').notNull(),
  userId: integer('user_id'),
  username: text('username'),
  /** The API token the request authenticated with, when it did (issue 29 part 5). */
  tokenId: integer('token_id'),
  /** The token's name when the request was made (migration 0031). */
  tokenName: text('token_name'),
  method: text('method').notNull(),
  route: text('route').notNull(),
  action: text('action').notNull(),
  resourceType: text('resource_type'),
  resourceId: text('resource_id'),
  address: text('address').notNull(),
  status: integer('status').notNull(),
  /** What the write did in words, where route and resource do not say (migration 0038). */
  detail: text('detail'),
});
