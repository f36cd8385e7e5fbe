import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
