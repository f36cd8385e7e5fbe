import { expect, type APIRequestContext } from '@playwright/test';
import { create } from './support/fixtures';

/** Test data for the subscriber specs, set up through the API as the admin. */
export type ApiSubscriber = {
  id: number;
  email: string;
  subscription: string;
  first_name: string;
  last_name: string;
  [field: string]: unknown;
};

export const addSubscriber = (
  api: APIRequestContext,
  listId: number,
  data: Record<string, unknown>,
) => create<ApiSubscriber>(api, `/lists/${listId}/subscribers`, data);

/** Puts a subscriber into a state through the API (activate confirms on a double-opt-in list). */
export async function setState(
  api: APIRequestContext,
  listId: number,
  id: number,
  state: 'active' | 'unsubscribed' | 'deleted',
  doubleOptIn = false,
) {
  const path = `/api/v1/lists/${listId}/subscribers/${id}`;
  const response =
    state === 'deleted'
      ? await api.delete(path)
      : await api.post(`${path}/${state === 'active' ? 'activate' : 'unsubscribe'}`, {
          data: state === 'active' && doubleOptIn ? { confirm: true } : {},
        });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

export async function getSubscriber(api: APIRequestContext, listId: number, id: number) {
  const response = await api.get(`/api/v1/lists/${listId}/subscribers/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiSubscriber;
}

/** Many subscribers at once through a CSV import (one request, then the job runs). */
export async function importSubscribers(api: APIRequestContext, listId: number, emails: string[]) {
  const csv = ['email', ...emails].join('\n');
  const response = await api.post(`/api/v1/lists/${listId}/imports`, {
    multipart: {
      file: { name: 'subscribers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      has_header: 'true',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await expect
    .poll(
      async () => {
        const r = await api.get(`/api/v1/lists/${listId}/imports/${id}`);
        return ((await r.json()) as { status?: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('done');
}
