import { envelope } from '../../contract/common';
import {
  suppression,
  suppressionImportResult,
  type Suppression,
  type SuppressionImportResult,
  type SuppressionWrite,
} from '../../contract/suppressions';
import { extension, request, requestParsed, upload } from './client';

export type { Suppression, SuppressionImportResult, SuppressionWrite };
export const SUPPRESSIONS_EXTENSION = 'suppressions';

export type SuppressionQuery = { search?: string; page?: number };

/** The suppression list (extension, issue 52): `{supported: false}` where the API has none. */
export const getSuppressions = (query: SuppressionQuery, signal?: AbortSignal) =>
  extension(SUPPRESSIONS_EXTENSION, () =>
    requestParsed(envelope(suppression), '/suppressions', { query, signal }),
  );

/** 201 for a new entry, 200 with the entry already there. */
export const addSuppression = (body: SuppressionWrite) =>
  requestParsed(suppression, '/suppressions', { method: 'POST', body });

export const deleteSuppression = (id: number) =>
  request(`/suppressions/${id}`, { method: 'DELETE' });

export function importSuppressions(file: File) {
  const form = new FormData();
  form.append('file', file);
  return upload<SuppressionImportResult>('/suppressions/import', form).then((r) =>
    suppressionImportResult.parse(r),
  );
}

/** The whole list as CSV, formula-escaped by the server. */
export const exportSuppressions = () =>
  request<Blob>('/suppressions/export', { responseType: 'blob', timeoutMs: 300_000 });
