import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { lists } from './lists.js';

export const customFieldTypes = [
  'string',
  'integer',
  'date',
  'datetime',
  'email',
  'choice',
] as const;

/** Custom subscriber fields: shared by all lists when `listId` is null, else one list's own. */
export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id').references(() => lists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    label: text('label').notNull(),
    type: text('type', { enum: customFieldTypes }).notNull(),
    required: boolean('required').notNull().default(false),
    maxLength: integer('max_length'),
    choices: jsonb('choices').$type<{ value: string; display_name: string }[]>(),
    helpText: text('help_text').notNull().default(''),
    createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_fields_shared_name')
      .on(t.name)
      .where(sql`${t.listId} is null`),
    uniqueIndex('custom_fields_list_name')
      .on(t.listId, t.name)
      .where(sql`${t.listId} is not null`),
  ],
);

/**
 * One row: bumped by every statement changing custom_fields (migration 0019), so a cached
 * copy of the fields is checked in the same snapshot as the rows it serialises.
 */
export const customFieldChanges = pgTable(
  'custom_field_changes',
  {
    onlyRow: boolean('only_row').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('custom_field_changes_one_row', sql`${t.onlyRow}`)],
);
