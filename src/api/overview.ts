import type {
  GrowthBucket,
  GrowthQuery,
  Overview,
  UnsubscribeEntry,
} from '../../contract/overview';
import { extension, request, requestParsed } from './client';
import { lightOverview } from './light-schemas';

export type { GrowthBucket, GrowthQuery, Overview, UnsubscribeEntry };

/**
 * GET /api/v1/overview (extension, issue 56): the home's cards, each present only when the
 * caller may read it. Unsupported on another deployment: the home then shows links only.
 */
export const getOverview = (signal?: AbortSignal) =>
  extension('overview', async () => {
    const data = await requestParsed(lightOverview, '/overview', { signal });
    return data as Overview;
  });

/** GET /api/v1/lists/{id}/growth (extension): a list's movement per day, week or month. */
export const getListGrowth = (listId: number, query: GrowthQuery, signal?: AbortSignal) =>
  // A 404 is taken for a server without it (another deployment): a list the caller cannot
  // see is never offered to choose.
  extension('list-growth', () =>
    request<GrowthBucket[]>(`/lists/${listId}/growth`, { query, signal }),
  );

/** GET /api/v1/lists/{id}/unsubscribes?date= (extension): who unsubscribed that UTC day. */
export const getDayUnsubscribes = (listId: number, date: string, signal?: AbortSignal) =>
  request<UnsubscribeEntry[]>(`/lists/${listId}/unsubscribes`, { query: { date }, signal });
