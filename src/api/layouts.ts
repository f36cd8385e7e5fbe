import { layoutCopy } from '../../contract/mailings';
import { extension, requestParsed } from './client';

export const LAYOUTS_EXTENSION = 'layouts';

/**
 * A stored layout as a layout request again (extension, docs/decisions/block-editor.md): what
 * "Duplicate" needs to start a new mailing from one. `{supported: false}` elsewhere.
 */
export const getLayoutCopy = (id: number, signal?: AbortSignal) =>
  extension(LAYOUTS_EXTENSION, () => requestParsed(layoutCopy, `/layouts/${id}`, { signal }));
