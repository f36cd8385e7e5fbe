import { envelope } from '../../contract/common';
import {
  importFormEntries,
  importRecord,
  type ImportParams,
  type ImportRecord,
} from '../../contract/imports';
import {
  extension,
  parseResponse,
  request,
  requestParsed,
  upload,
  type UploadProgress,
} from './client';
import type { PageParams } from './pagination';

export type { ImportParams, ImportRecord, UploadProgress };

const base = (listId: number) => `/lists/${listId}/imports`;
const importPage = envelope(importRecord);

/** multipart/form-data: the file first, then the parameters (contract's order and encoding). */
export async function startImport(
  listId: number,
  file: Blob,
  fileName: string,
  params: ImportParams,
  options: { signal?: AbortSignal; onProgress?: (p: UploadProgress) => void } = {},
): Promise<ImportRecord> {
  const form = new FormData();
  form.append('file', file, fileName);
  for (const [name, value] of importFormEntries(params)) form.append(name, value);
  return parseResponse(importRecord, await upload(base(listId), form, options), base(listId));
}

/** Extension: the outcome of imports (status, counts, errors). */
export const getImports = (listId: number, query: PageParams = {}, signal?: AbortSignal) =>
  extension('import-status', () => requestParsed(importPage, base(listId), { query, signal }), {
    notFoundMeansUnsupported: false,
  });

export const getImport = (listId: number, id: number, signal?: AbortSignal) =>
  extension(
    'import-status',
    () => requestParsed(importRecord, `${base(listId)}/${id}`, { signal }),
    {
      notFoundMeansUnsupported: false,
    },
  );

/** Extension: every rejected row as CSV (formula-safe on the server), for download. */
export const getImportErrorsCsv = (listId: number, id: number) =>
  extension(
    'import-errors-csv',
    () => request<Blob>(`${base(listId)}/${id}/errors.csv`, { responseType: 'blob' }),
    {
      notFoundMeansUnsupported: false,
    },
  );

/** Extension (issue 53): queues the undo of a finished import; answers its record. */
export const undoImport = (listId: number, id: number, body: { remove_mailed: boolean }) =>
  requestParsed(importRecord, `${base(listId)}/${id}/undo`, { method: 'POST', body });

/** Extension: the rows an undo left because they changed since the import, as CSV. */
export const getImportUndoConflictsCsv = (listId: number, id: number) =>
  request<Blob>(`${base(listId)}/${id}/undo-conflicts.csv`, { responseType: 'blob' });
