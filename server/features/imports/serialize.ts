import type { ImportRecord, ImportStatus } from '../../../contract/imports.js';
import type { ImportRow } from './repository.js';

/** The Import record: the spec's members, then our outcome extension (docs/decisions/api-choices.md). */
export function serializeImport(row: ImportRow): ImportRecord {
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
  };
}
