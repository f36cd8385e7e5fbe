import { z } from 'zod';
import { datetime } from './common.js';

/** An undo's state: queued until a worker takes it, running, then done (or failed). */
export const importUndoStatuses = ['queued', 'running', 'done', 'failed'] as const;

/** How many conflicting rows the Import record lists; `undo-conflicts.csv` lists them all. */
export const IMPORT_UNDO_LISTED_CONFLICTS = 100;

/**
 * The undo of an import (our extension, issue 53): `deleted` subscribers it had created,
 * `restored` ones it had updated, `kept_mailed` created ones left because a mailing reached
 * them since (unless `remove_mailed`), and `conflict_count` rows left because they changed
 * since the import; `conflicts` names the first of those.
 */
export const importUndo = z.object({
  status: z.enum(importUndoStatuses),
  remove_mailed: z.boolean(),
  requested_datetime: datetime,
  finished_datetime: datetime.nullable(),
  deleted: z.number().int(),
  restored: z.number().int(),
  kept_mailed: z.number().int(),
  conflict_count: z.number().int(),
  conflicts: z.array(z.object({ id: z.number().int(), email: z.string() })),
});
export type ImportUndo = z.infer<typeof importUndo>;

/** The body of `POST …/imports/{id}/undo`. */
export const importUndoRequest = z.object({
  /** Also remove subscribers the import created who were mailed since. */
  remove_mailed: z.boolean().optional().default(false),
});
