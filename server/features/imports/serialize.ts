import type { ImportUndo } from '../../../contract/import-undo.js';
import type { ImportRecord, ImportStatus } from '../../../contract/imports.js';
import type { imports } from '../../db/schema/index.js';

export type ImportRow = typeof imports.$inferSelect;
/** A subscriber an undo left because it changed since the import. */
export type UndoConflict = { id: number; email: string };

/** The undo's part of the record, null until one is asked for. */
function serializeUndo(row: ImportRow, conflicts: readonly UndoConflict[]): ImportUndo | null {
  if (!row.undoStatus || !row.undoRequestedAt) return null;
  return {
    status: row.undoStatus,
    remove_mailed: row.undoRemoveMailed,
    requested_datetime: row.undoRequestedAt.toISOString(),
    finished_datetime: row.undoFinishedAt?.toISOString() ?? null,
    deleted: row.undoDeleted,
    restored: row.undoRestored,
    kept_mailed: row.undoKeptMailed,
    conflict_count: row.undoConflicts,
    conflicts: [...conflicts],
  };
}

/**
 * The Import record: the spec's members, then our outcome extension (docs/decisions/api-choices.md)
 * and the update mode and undo (issue 53); `conflicts` are the first rows an undo left.
 */
export function serializeImport(
  row: ImportRow,
  conflicts: readonly UndoConflict[] = [],
): ImportRecord {
  return {
    id: row.id,
    file: row.file,
    encoding: row.encoding,
    delimiter: row.delimiter,
    has_header: row.hasHeader,
    ignore_invalid_fields: row.ignoreInvalidFields,
    date_format: row.dateFormat,
    fields: row.fields,
    // Never `uploading`: such rows are not shown.
    status: row.status as ImportStatus,
    total_rows: row.totalRows,
    created: row.created,
    skipped_existing: row.skippedExisting,
    skipped_duplicate: row.skippedDuplicate,
    invalid: row.invalid,
    errors: row.errors,
    create_datetime: row.createDatetime.toISOString(),
    on_existing: row.onExisting,
    updated: row.updated,
    undo: serializeUndo(row, conflicts),
  };
}
