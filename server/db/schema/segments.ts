import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SegmentFilter } from '../../../contract/segments.js';
import { audit } from './columns.js';
import { lists } from './lists.js';

/** Named campaigns (extension): what a mailing's `campaign` id refers to. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    ...audit(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('campaigns_name').on(t.name)],
);

/** Named filters over one list's subscribers (extension); mailings store their ids. */
export const segments = pgTable(
  'segments',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    ...audit(),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<SegmentFilter>().notNull(),
  },
  (t) => [uniqueIndex('segments_list_name').on(t.listId, t.name)],
);
