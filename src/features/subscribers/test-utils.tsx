import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { List } from '../../api/lists';
import type { Subscriber } from '../../api/subscribers';
import { SubscribersListProvider } from './list-context';

export const testList = (overrides: Partial<List> = {}): List => ({
  id: 7,
  create_datetime: '2024-01-01T00:00:00.000Z',
  create_user: 1,
  update_datetime: '2024-01-01T00:00:00.000Z',
  update_user: 1,
  name: 'Newsletter',
  default_from_name: 'Us',
  default_from_email: 'us@example.com',
  default_replyto_email: '',
  default_language: 'en',
  languages: ['en', 'de'],
  double_opt_in: false,
  ...overrides,
});

export const testSubscriber = (id: number, overrides: Partial<Subscriber> = {}): Subscriber => ({
  id,
  create_datetime: '2024-01-01T00:00:00.000Z',
  create_user: 1,
  update_datetime: '2024-01-02T00:00:00.000Z',
  update_user: 2,
  subscription: 'active',
  email: `s${id}@example.com`,
  first_name: '',
  last_name: '',
  gender: '',
  date_of_birth: null,
  language: '',
  region: '',
  ...overrides,
});

type Handler = (url: URL, init: RequestInit) => { status: number; body?: unknown } | undefined;

/**
 * Answers fetch like the server would (tests mock fetch, not modules): the first handler
 * that returns something wins; anything else is a 404. Returns the recorded requests.
 */
export function mockFetch(...handlers: Handler[]) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = handlers.map((h) => h(url, init)).find(Boolean) ?? {
      status: 404,
      body: { detail: 'Not found.' },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const envelope = <T,>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** Renders inside the providers a subscriber screen has: Lingui, Mantine, Query, router, the list. */
export function renderWithList(ui: ReactNode, list: List = testList()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const refreshList = vi.fn(async () => undefined);
  const result = render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <SubscribersListProvider value={{ list, refreshList }}>{ui}</SubscribersListProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  );
  return { ...result, queryClient, refreshList };
}
