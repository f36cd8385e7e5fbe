import { extension, request } from './client';

/** The extension that lists people across all lists and searches them by name (`search=`). */
export const PEOPLE_EXTENSION = 'people';

/**
 * Whether the API searches by part of a name (`search=`, extension). Another deployment
 * would ignore an unknown `search` parameter and list everyone, so the people endpoint,
 * which comes with it, is asked once instead.
 *
 * Only whether it answers matters, so the body is not parsed: the header's search box asks
 * this on every screen, the lists screen included, and parsing the page here brought the
 * subscribers' zod schemas (a 25 KB gzip chunk of classic zod) to every first screen
 * (issue 55; docs/decisions/bundle-budgets.md). It shares `extension`'s memory with
 * `searchPeople` (src/api/subscribers.ts): one answer 404 hides both.
 */
export const searchSupported = async (signal?: AbortSignal) =>
  (
    await extension(PEOPLE_EXTENSION, () =>
      request('/subscribers', {
        query: { email: 'probe@example.invalid', page_size: 1 },
        signal,
      }),
    )
  ).supported;
