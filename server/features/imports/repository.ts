import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { IMPORT_UNDO_LISTED_CONFLICTS } from '../../../contract/import-undo.js';
import { DEFAULT_DATE_FORMAT, type ImportRecord } from '../../../contract/imports.js';
import type { Executor } from '../../db/client.js';
import {
  customFields,
  importUndoConflicts,
  imports,
  lists,
  subscribers,
} from '../../db/schema/index.js';
import type { ImportCustomField } from './rows.js';
import { serializeImport, type ImportRow, type UndoConflict } from './serialize.js';

export type ListInfo = { id: number; languages: string[]; doubleOptIn: boolean };
export type QueueValues = Pick<
  ImportRow,
  | 'encoding'
  | 'delimiter'
  | 'hasHeader'
  | 'ignoreInvalidFields'
  | 'dateFormat'
  | 'fields'
  | 'onExisting'
>;

/** An import the API may show: not one whose upload is still streaming in. */
const visible = (listId: number) =>
  and(eq(imports.listId, listId), ne(imports.status, 'uploading'));

export function importsRepository(db: Executor) {
  return {
    async list(listId: number): Promise<ListInfo | undefined> {
      const [row] = await db
        .select({ id: lists.id, languages: lists.languages, doubleOptIn: lists.doubleOptIn })
        .from(lists)
        .where(eq(lists.id, listId));
      return row;
    },

    /** The custom fields a list's subscribers carry: shared ones first, then the list's. */
    customFields: (listId: number): Promise<ImportCustomField[]> =>
      db
        .select({
          name: customFields.name,
          label: customFields.label,
          type: customFields.type,
          required: customFields.required,
          maxLength: customFields.maxLength,
          choices: customFields.choices,
        })
        .from(customFields)
        .where(sql`${customFields.listId} is null or ${customFields.listId} = ${listId}`)
        .orderBy(sql`${customFields.listId} nulls first`, asc(customFields.id)),

    count: async (listId: number) =>
      (await db.select({ n: count() }).from(imports).where(visible(listId)))[0]!.n,

    /** Newest first. */
    page: (listId: number, limit: number, offset: number): Promise<ImportRow[]> =>
      db
        .select()
        .from(imports)
        .where(visible(listId))
        .orderBy(desc(imports.id))
        .limit(limit)
        .offset(offset),

    async get(listId: number, id: number): Promise<ImportRow | undefined> {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(visible(listId), eq(imports.id, id)));
      return row;
    },

    /** The rows an undo left (changed since the import), in id order; `limit` for the record. */
    undoConflicts(importId: number, limit?: number): Promise<UndoConflict[]> {
      const query = db
        .select({ id: subscribers.id, email: subscribers.email })
        .from(importUndoConflicts)
        .innerJoin(subscribers, eq(subscribers.id, importUndoConflicts.subscriberId))
        .where(eq(importUndoConflicts.importId, importId))
        .orderBy(asc(subscribers.id))
        .$dynamic();
      return limit === undefined ? query : query.limit(limit);
    },

    /** The record of an import as the API shows it (with the first conflicts of its undo). */
    async record(row: ImportRow): Promise<ImportRecord> {
      const conflicts =
        row.undoConflicts > 0 ? await this.undoConflicts(row.id, IMPORT_UNDO_LISTED_CONFLICTS) : [];
      return serializeImport(row, conflicts);
    },

    /** The row the upload's chunks hang on; workers ignore it until `queue`. */
    async createUploading(listId: number, file: string, userId: number): Promise<number> {
      const [row] = await db
        .insert(imports)
        .values({
          listId,
          file,
          createUser: userId,
          updateUser: userId,
          status: 'uploading',
          encoding: '',
          delimiter: ',',
          hasHeader: false,
          ignoreInvalidFields: false,
          dateFormat: DEFAULT_DATE_FORMAT,
          fields: [],
        })
        .returning({ id: imports.id });
      return row!.id;
    },

    /** Bytes travel as hex text: PGlite's own bytea conversion goes byte by byte in JS. */
    async insertChunk(importId: number, seq: number, data: Buffer) {
      await db.execute(sql`
        INSERT INTO import_chunks (import_id, seq, data)
        VALUES (${importId}, ${seq}, decode(${data.toString('hex')}, 'hex'))`);
    },

    async queue(importId: number, values: QueueValues) {
      await db
        .update(imports)
        .set({ ...values, status: 'queued', updateDatetime: new Date() })
        .where(eq(imports.id, importId));
    },

    async delete(importId: number) {
      await db.delete(imports).where(eq(imports.id, importId));
    },

    /** Uploads a crashed process left half-way; their chunks go with them (cascade). */
    async deleteAbandonedUploads(olderThanMs: number) {
      await db.execute(sql`
        DELETE FROM imports WHERE status = 'uploading'
          AND create_datetime < now() - ${olderThanMs} * interval '1 millisecond'`);
    },
  };
}
