import { envelope } from '../../contract/common';
import { template, templateSummary, type TemplateWrite } from '../../contract/templates';
import { extension, requestParsed } from './client';

export type { TemplateWrite };
export const TEMPLATES_EXTENSION = 'templates';

const templatePage = envelope(templateSummary);

/** Templates are our extension (docs/decisions/block-editor.md): `{supported: false}` elsewhere. */
export const getTemplates = (listId: number | undefined, signal?: AbortSignal) =>
  extension(TEMPLATES_EXTENSION, () =>
    requestParsed(templatePage, '/templates', {
      query: { ...(listId === undefined ? {} : { list: listId }), page_size: 200 },
      signal,
    }),
  );

export const getTemplate = (id: number, signal?: AbortSignal) =>
  requestParsed(template, `/templates/${id}`, { signal });

export const createTemplate = (data: TemplateWrite) =>
  requestParsed(template, '/templates', { method: 'POST', body: data });
