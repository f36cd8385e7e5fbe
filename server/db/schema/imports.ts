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
import { sql } from 'drizzle-orm';
import { importUndoStatuses } from '../../../contract/import-undo.js';
import { importOnExisting } from '../../../contract/imports.js';
import { audit, timestamptz } from './columns.js';
import { lists } from './lists.js';
import { users } from './users.js';

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
    // Update mode and the undo (migration 0040, issue 53).
    onExisting: text('on_existing', { enum: importOnExisting }).notNull().default('skip'),
    updated: integer('updated').notNull().default(0),
    undoStatus: text('undo_status', { enum: importUndoStatuses }),
    undoRemoveMailed: boolean('undo_remove_mailed').notNull().default(false),
    undoUser: integer('undo_user').references(() => users.id, { onDelete: 'set null' }),
    undoRequestedAt: timestamptz('undo_requested_at'),
    undoFinishedAt: timestamptz('undo_finished_at'),
    undoLockedAt: timestamptz('undo_locked_at'),
    /** Which subscribers the undo walks now: those the import updated, then those it created. */
    undoPhase: text('undo_phase', { enum: ['updated', 'created'] })
      .notNull()
      .default('updated'),
    /** The last subscriber id of the phase the undo has done (its resume point). */
    undoCursor: integer('undo_cursor').notNull().default(0),
    undoDeleted: integer('undo_deleted').notNull().default(0),
    undoRestored: integer('undo_restored').notNull().default(0),
    undoKeptMailed: integer('undo_kept_mailed').notNull().default(0),
    undoConflicts: integer('undo_conflicts').notNull().default(0),
  },
  (t) => [
    index('imports_list').on(t.listId, t.id),
    index('imports_status').on(t.status),
    index('imports_undo_status')
      .on(t.undoStatus)
      .where(sql`${t.undoStatus} IS NOT NULL`),
  ],
);

/**
 * The values an update-mode import overwrote, per subscriber, and the `update_datetime` it
 * wrote: the undo restores `before` unless the row's `update_datetime` moved on since.
 */
export const importUpdates = pgTable(
  'import_updates',
  {
    // No foreign keys: statement triggers delete these rows with their import or subscriber
    // (migration 0058, import_rows_on_delete.sql).
    importId: integer('import_id').notNull(),
    subscriberId: integer('subscriber_id').notNull(),
    writtenAt: timestamptz('written_at').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.subscriberId] }),
    index('import_updates_subscriber').on(t.subscriberId),
  ],
);

/** Subscribers an undo left because they changed since the import (their address is read live). */
export const importUndoConflicts = pgTable(
  'import_undo_conflicts',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    // Deleted with the subscriber by a statement trigger (migration 0058).
    subscriberId: integer('subscriber_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.subscriberId] }),
    index('import_undo_conflicts_subscriber').on(t.subscriberId),
  ],
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
