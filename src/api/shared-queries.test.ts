import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from './session';
import { listQueries } from './shared-queries';

const list = (id: number) => ({
  id,
  create_datetime: '2026-01-01T00:00:00Z',
  create_user: null,
  update_datetime: '2026-01-01T00:00:00Z',
  update_user: null,
  name: `List ${id}`,
  default_from_name: 'Team',
  default_from_email: 'team@example.com',
  default_replyto_email: 'team@example.com',
  default_language: 'en',
  languages: ['en'],
});

const PAGES = 60;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // A server that gives one list per page: more pages than any fixed cap would read.
  fetchMock = vi.fn((url: string) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    const body = {
      count: PAGES,
      next: page < PAGES ? `/api/v1/lists?page=${page + 1}` : null,
      previous: null,
      results: [list(page)],
    };
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  session.signIn({ username: 'ana@example.com' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('listQueries.everyList', () => {
  it('reads every page by name, however many lists there are', async () => {
    const lists = await new QueryClient().fetchQuery(listQueries.everyList());
    expect(lists).toHaveLength(PAGES);
    expect(lists.at(-1)?.name).toBe(`List ${PAGES}`);
    const first = new URL(fetchMock.mock.calls[0]![0] as string, 'http://x');
    expect(first.pathname).toBe('/api/v1/lists');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      page: '1',
      page_size: '1000',
      ordering: 'name',
    });
  });
});
