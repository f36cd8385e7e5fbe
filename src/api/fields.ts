import { envelope } from '../../contract/common';
import { customField, type CustomField } from '../../contract/fields';
import { extension, requestParsed } from './client';
import type { PageParams } from './pagination';

export type { CustomField };

/**
 * Custom fields are our extension (docs/decisions/api-choices.md): every call goes through `extension()`, so a
 * deployment without them answers `{supported: false}` and forms fall back to OPTIONS.
 * `listId` null means the fields shared by every list.
 */
const base = (listId: number | null) => (listId === null ? '/fields' : `/lists/${listId}/fields`);
const fieldPage = envelope(customField);
const KEY = 'custom-fields';

export const getFields = (listId: number | null, query: PageParams = {}, signal?: AbortSignal) =>
  extension(KEY, () => requestParsed(fieldPage, base(listId), { query, signal }), {
    // An unknown list is 404 too; only the shared collection proves the extension missing.
    notFoundMeansUnsupported: listId === null,
  });
