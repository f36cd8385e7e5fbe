import type { FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../contract/pagination.js';
import { HttpError } from './http-errors.js';

export type Page = { limit: number; offset: number };
export type Envelope<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

/**
 * DRF PageNumberPagination as docs/architecture.md §4 fixes it: `page_size` clamped to 1–1000 (a
 * non-number ignored), a page past the end or not a number is 404, and `next`/`previous`
 * are paths keeping the other query parameters.
 */
export async function paginate<T>(
  request: FastifyRequest,
  count: number | (() => Promise<number>),
  fetchPage: (page: Page) => Promise<T[]>,
): Promise<Envelope<T>> {
  const [rawPath, search = ''] = request.url.split('?') as [string, string?];
  // `//api/…` routes like `/api/…`, but as a link it would name another host.
  const path = rawPath.replace(/\/{2,}/g, '/');
  const params = new URLSearchParams(search);
  const size = pageSize(params.get('page_size'));
  const total = typeof count === 'number' ? count : await count();
  const lastPage = Math.max(1, Math.ceil(total / size));
  const raw = params.get('page');
  const page = raw === null || raw === '' ? 1 : /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(page) || page < 1 || page > lastPage) {
    throw new HttpError(404, { detail: 'Invalid page.' });
  }
  const results = await fetchPage({ limit: size, offset: (page - 1) * size });
  const link = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `${path}?${query}` : path;
  };
  return {
    count: total,
    next: page < lastPage ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}

function pageSize(raw: string | null): number {
  // Zero and negative sizes are numbers too: clamped to 1, not ignored.
  if (raw === null || !/^-?\d+$/.test(raw)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Number(raw)));
}
