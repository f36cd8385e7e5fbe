import type { TestContext } from './harness.js';

/** Creates a list through the API and returns its id. */
export async function createList(
  t: TestContext,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await t.post('/api/v1/lists', {
    name: 'Newsletter',
    default_from_name: 'Acme',
    default_from_email: 'news@acme.example',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`list not created: ${res.body}`);
  return (res.json() as { id: number }).id;
}

export async function subscriberCounts(t: TestContext, listId: number) {
  return (await t.get(`/api/v1/lists/${listId}`)).json().subscriber_counts as Record<
    string,
    number
  >;
}
