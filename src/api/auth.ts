import { request } from './client';
import type { Credentials } from './session';

/**
 * Checks credentials with the cheapest authenticated request there is (spec: every
 * endpoint requires authentication). Rejects with the ApiError (401, 429) or NetworkError.
 */
export async function verifyCredentials(credentials: Credentials): Promise<void> {
  await request('/lists', { query: { page_size: 1 }, credentials });
}
