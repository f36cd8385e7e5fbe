import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamptz } from './columns.js';

export const suppressionReasons = ['complaint', 'hard_bounce', 'manual', 'erased'] as const;

/**
 * Addresses and domains never to be mailed again (migration 0033): exactly one of `email`
 * (lower-cased), `domain` (lower-cased) or `email_hash` (an erased person's address, salted
 * SHA-256 of the lower-cased address, features/suppressions/matching.ts) per row.
 */
export const suppressions = pgTable(
  'suppressions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email'),
    domain: text('domain'),
    emailHash: text('email_hash'),
    reason: text('reason', { enum: suppressionReasons }).notNull(),
    source: text('source').notNull().default(''),
    created: timestamptz('created').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suppressions_email')
      .on(t.email)
      .where(sql`email IS NOT NULL`),
    uniqueIndex('suppressions_domain')
      .on(t.domain)
      .where(sql`domain IS NOT NULL`),
    uniqueIndex('suppressions_email_hash')
      .on(t.emailHash)
      .where(sql`email_hash IS NOT NULL`),
    index('suppressions_created').on(t.created.desc(), t.id.desc()),
    // Prefix search (migration 0036): text_pattern_ops, so LIKE 'x%' uses them in any collation.
    index('suppressions_email_prefix')
      .on(sql`${t.email} text_pattern_ops`)
      .where(sql`email IS NOT NULL`),
    index('suppressions_domain_prefix')
      .on(sql`${t.domain} text_pattern_ops`)
      .where(sql`domain IS NOT NULL`),
    check('suppressions_one_key', sql`num_nonnulls(email, domain, email_hash) = 1`),
  ],
);

/** The list's size and change counter (migration 0036), kept by suppression_counts_apply. */
export const suppressionCounts = pgTable(
  'suppression_counts',
  {
    onlyRow: boolean('only_row').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  () => [check('suppression_counts_one_row', sql`only_row`)],
);
