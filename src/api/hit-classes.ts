import {
  clickMap,
  clientsReport,
  reclassifyResult,
  topUrls,
  type ClassFilter,
  type ClientsReport,
} from '../../contract/statistics';
import { extension, request, requestParsed } from './client';

export type { ClassFilter, ClientsReport };

/**
 * Human or machine (extension, issue 51): a mailing's hits by class, machine reason, client
 * family and device; `{supported: false}` where the server does not classify hits.
 */
export const getHitClients = (mailing: number, hitClass: ClassFilter, signal?: AbortSignal) =>
  extension('statistics-clients', () =>
    requestParsed(clientsReport, '/statistics/clients', {
      query: { mailing, class: hitClass },
      signal,
    }),
  );

/**
 * A mailing's layout (its first variant) with each link's clicks by position (extension,
 * issue 51): the HTML is the user's layout, for the sandboxed preview only.
 */
export const getClickMap = (mailing: number, signal?: AbortSignal) =>
  extension('statistics-click-map', () =>
    requestParsed(clickMap, '/statistics/click-map', { query: { mailing }, signal }),
  );

/** A mailing's clicked links counted for one class. */
export const getLinksByClass = (mailing: number, hitClass: ClassFilter, signal?: AbortSignal) =>
  requestParsed(topUrls, '/statistics/clicks/urls', {
    query: { mailing, class: hitClass, limit: 100 },
    signal,
  });

/** Admins: recompute every hit's class with the current rules (audited). */
export const reclassifyHits = async () =>
  reclassifyResult.parse(await request('/statistics/reclassify', { method: 'POST', body: {} }));
