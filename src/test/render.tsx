import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LocaleProvider } from '../i18n/locale-provider';

/**
 * Renders a component as the app would: the locale's messages, Mantine, a fresh QueryClient (no retries) and a
 * memory router at `path`. Mock `fetch` (vi.stubGlobal) for the requests it makes.
 */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <LocaleProvider>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </LocaleProvider>,
  );
  return { ...result, router, queryClient };
}

/** A fetch mock answering by path: `{ '/api/v1/languages': body }`; anything else is 404. */
export function fetchRoutes(routes: Record<string, unknown | ((init: RequestInit) => Response)>) {
  return async (input: string, init: RequestInit = {}) => {
    const path = input.split('?')[0]!;
    const route = routes[`${init.method ?? 'GET'} ${path}`] ?? routes[path];
    if (typeof route === 'function') return (route as (init: RequestInit) => Response)(init);
    if (route === undefined) return Response.json({ detail: 'Not found.' }, { status: 404 });
    return Response.json(route);
  };
}
