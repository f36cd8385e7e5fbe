import { envelope } from '../../contract/common';
import {
  mailing,
  mailingSummary,
  type Mailing,
  type MailingQuery,
  type MailingSummary,
  type MailingWrite,
  type VariantWrite,
} from '../../contract/mailings';
import { extension, requestParsed } from './client';

export type { Mailing, MailingQuery, MailingSummary, MailingWrite, VariantWrite };

const summaryPage = envelope(mailingSummary);

/** Items carry only id, name and campaign (spec); `ordering` is our extension. */
export const getMailings = (query: MailingQuery = {}, signal?: AbortSignal) =>
  requestParsed(summaryPage, '/mailings', { query, signal });

/** 201 with variants, layouts and deliveries expanded. */
export const createMailing = (data: MailingWrite) =>
  requestParsed(mailing, '/mailings', { method: 'POST', body: data });

/**
 * Extension (docs/decisions/api-choices.md): another deployment has no single-mailing endpoint (405, or 404 for
 * every id). A 404 here usually means a missing mailing, so only 405 marks it unsupported.
 */
export const getMailing = (id: number, signal?: AbortSignal) =>
  extension('mailing-detail', () => requestParsed(mailing, `/mailings/${id}`, { signal }), {
    notFoundMeansUnsupported: false,
  });
