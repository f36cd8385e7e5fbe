import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { audit, timestamptz } from './columns.js';
import { lists } from './lists.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * `uploading` is internal: the row exists while the file streams into `import_chunks` (the
 * chunks need its id) and is hidden from the API and from workers until it becomes `queued`.
 */
export const importStatuses = ['uploading', 'queued', 'running', 'done', 'failed'] as const;

export type ImportRowError = { row: number; field: string; message: string };

export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    ...audit(),
    file: text('file').notNull(),
    encoding: text('encoding').notNull(),
    delimiter: text('delimiter').notNull(),
    hasHeader: boolean('has_header').notNull(),
    ignoreInvalidFields: boolean('ignore_invalid_fields').notNull(),
    dateFormat: text('date_format').notNull(),
    fields: text('fields').array().notNull(),
    status: text('status', { enum: importStatuses }).notNull().default('queued'),
    /** Data rows read so far (committed with each batch): where a resumed job starts again. */
    processedRows: integer('processed_rows').notNull().default(0),
    totalRows: integer('total_rows'),
    created: integer('created').notNull().default(0),
    skippedExisting: integer('skipped_existing').notNull().default(0),
    skippedDuplicate: integer('skipped_duplicate').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    /** The first 100 row errors; every invalid row is still counted in `invalid`. */
    errors: jsonb('errors').$type<ImportRowError[]>().notNull().default([]),
    /** When a worker claimed the job; a stale claim is taken over after a crash. */
    lockedAt: timestamptz('locked_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [index('imports_list').on(t.listId, t.id), index('imports_status').on(t.status)],
);

/** The uploaded file, streamed into ~1 MB chunks so any replica can process the job. */
export const importChunks = pgTable(
  'import_chunks',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);
