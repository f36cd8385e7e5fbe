import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** Sign-up forms (migration 0042, issue 50). */
export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The lists it offers (at least one). */
    lists: integer('lists').array().notNull(),
    /** The custom fields it asks. */
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'`),
    language: text('language'),
    redirectUrl: text('redirect_url'),
    createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
  },
  (t) => [index('forms_lists').using('gin', t.lists)],
);

/** Submissions per form, hour and outcome (`accepted`, `confirmed`, a blocked reason). */
export const formCounts = pgTable(
  'form_counts',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    hour: timestamptz('hour').notNull(),
    outcome: text('outcome').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.hour, t.outcome] })],
);

/** Accepted submissions per address block and hour (the per-IP budget). */
export const formIpBudget = pgTable(
  'form_ip_budget',
  {
    block: text('block').notNull(),
    hour: timestamptz('hour').notNull(),
    strict: boolean('strict').notNull(),
    accepted: integer('accepted').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.block, t.hour, t.strict] })],
);

/** When an address (SHA-256 of it, lower-cased) last got an opt-in mail through a form. */
export const formAddressBudget = pgTable('form_address_budget', {
  emailHash: text('email_hash').primaryKey(),
  mailed: timestamptz('mailed').notNull(),
});

/** Proof-of-work challenges handed out and not used yet. */
export const formChallenges = pgTable(
  'form_challenges',
  {
    nonce: text('nonce').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    expires: timestamptz('expires').notNull(),
  },
  (t) => [index('form_challenges_expires').on(t.expires)],
);
