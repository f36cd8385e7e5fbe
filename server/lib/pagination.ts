import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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
 * DRF PageNumberPagination as docs/decisions/api-choices.md fixes it: `page_size` clamped to 1–1000 (a
 * non-number ignored), a page past the end or not a number is 404, and `next`/`previous`
 * are paths keeping the other query parameters.
 */
export async function paginate<T>(
  request: FastifyRequest,
  count: number | (() => Promise<number>),
  fetchPage: (page: Page) => Promise<T[]>,
): Promise<Envelope<T>> {
  const total = typeof count === 'number' ? count : await count();
  const req = pageRequest(request, total);
  const results = await fetchPage({ limit: req.size, offset: (req.page - 1) * req.size });
  return {
    count: total,
    next: req.page < req.lastPage ? req.link(req.page + 1) : null,
    previous: req.page > 1 ? req.link(req.page - 1) : null,
    results,
  };
}

/** Where the previous page ended or the next one begins: the ordering's key values. */
export type Position = (string | number)[];
export type PositionedPage = Page & {
  total: number;
  /** The collection's change counter when the page was asked for. */
  version: number;
  /** The page starts right after this row (a `next` link followed). */
  after?: Position;
  /** The page ends right before this row (a `previous` link followed). */
  before?: Position;
};
export type PositionedResults<T> = {
  items: T[];
  /** The first and last rows' positions; absent when the ordering has none. */
  first?: Position;
  last?: Position;
};

/**
 * {@link paginate} for large collections: `next`/`previous` also carry the position where
 * the neighbouring page begins (`?page=3&after=…`), so walking a million rows costs the
 * same on every page. A position is trusted only when it is the server's own for exactly
 * this request (signed with the path, the other parameters and the page) and the
 * collection has not changed since (`version`). Anything else, a tampered, stale or
 * foreign position, is ignored and the page is found by its number, so a link never yields
 * another page's rows and never an error.
 */
export async function paginateByPosition<T>(
  request: FastifyRequest,
  state: () => Promise<{ total: number; version: number }>,
  fetchPage: (page: PositionedPage) => Promise<PositionedResults<T>>,
): Promise<Envelope<T>> {
  const { total, version } = await state();
  const req = pageRequest(request, total, true);
  const params = new URLSearchParams(req.query);
  const offset = (req.page - 1) * req.size;
  const trusted = (kind: 'after' | 'before') =>
    readPosition(queryValue(request, kind), signedScope(kind, req.path, params, req.page), version);
  const after = trusted('after');
  const before = after ? undefined : trusted('before');
  const results = await fetchPage({
    limit: req.size,
    offset,
    total,
    version,
    ...(after ? { after } : {}),
    ...(before ? { before } : {}),
  });
  return positionedLinks(req, params, total, version, results);
}

function positionedLinks<T>(
  req: PageRequest,
  params: URLSearchParams,
  total: number,
  version: number,
  { items, first, last }: PositionedResults<T>,
): Envelope<T> {
  const positioned = (target: number, kind: 'after' | 'before', at: Position | undefined) => {
    // Page 1 needs no position: its offset is 0.
    if (!at || target === 1) return req.link(target);
    const scope = signedScope(kind, req.path, params, target);
    return req.link(target, { [kind]: writePosition(at, scope, version) });
  };
  return {
    count: total,
    next: req.page < req.lastPage ? positioned(req.page + 1, 'after', last) : null,
    previous: req.page > 1 ? positioned(req.page - 1, 'before', first) : null,
    results: items,
  };
}

/**
 * What a positioned page request asks for, read before the collection's count and version
 * are known, so a page can be fetched in the same statement as them (subscriber pages):
 * the page's size and offset and the position of a `next`/`previous` link signed for
 * exactly this request, with the version it was signed for. The caller checks that version
 * against the one it reads and builds the envelope with {@link claimedPageEnvelope}, or
 * falls back to {@link paginateByPosition} whenever anything differs from what it assumed.
 * Undefined when `page` is no page number (paginateByPosition answers that).
 */
export function readPageClaim(request: FastifyRequest): PageClaim | undefined {
  // With any total the page is valid: its number is checked against the real total later.
  const req = pageRequest(request, Number.MAX_SAFE_INTEGER, true, false);
  if (!req) return undefined;
  const params = new URLSearchParams(req.query);
  const claim = (kind: 'after' | 'before') => {
    const signed = readSigned(
      queryValue(request, kind),
      signedScope(kind, req.path, params, req.page),
    );
    return signed && { kind, version: signed[0], position: signed[1] };
  };
  const claimed = claim('after') ?? claim('before');
  return {
    limit: req.size,
    offset: (req.page - 1) * req.size,
    ...(claimed ? { claimed } : {}),
  };
}

export type PageClaim = Page & {
  claimed?: { kind: 'after' | 'before'; version: number; position: Position };
};

/**
 * The envelope of a page fetched as {@link readPageClaim} read it, once the count and
 * version are known: as paginateByPosition would have built it (404 past the last page).
 */
export function claimedPageEnvelope<T>(
  request: FastifyRequest,
  total: number,
  version: number,
  results: PositionedResults<T>,
): Envelope<T> {
  const req = pageRequest(request, total, true);
  return positionedLinks(req, new URLSearchParams(req.query), total, version, results);
}

const POSITION_PARAMS = ['after', 'before'];

type PageRequest = {
  path: string;
  query: string;
  size: number;
  page: number;
  lastPage: number;
  link: (target: number, extra?: Record<string, string>) => string;
};

/** Validates `page` and `page_size` against the total and builds links (docs/decisions/api-choices.md). */
function pageRequest(request: FastifyRequest, total: number, positioned?: boolean): PageRequest;
function pageRequest(
  request: FastifyRequest,
  total: number,
  positioned: boolean,
  strict: false,
): PageRequest | undefined;
function pageRequest(
  request: FastifyRequest,
  total: number,
  positioned = false,
  strict = true,
): PageRequest | undefined {
  const [rawPath, search = ''] = request.url.split('?') as [string, string?];
  // `//api/…` routes like `/api/…`, but as a link it would name another host.
  const path = rawPath.replace(/\/{2,}/g, '/');
  // The whole query string, unknown parameters too, is kept in the links.
  const params = new URLSearchParams(search);
  const size = pageSize(queryValue(request, 'page_size'));
  const lastPage = Math.max(1, Math.ceil(total / size));
  const raw = queryValue(request, 'page');
  const page = raw === null || raw === '' ? 1 : /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(page) || page < 1 || page > lastPage) {
    if (!strict) return undefined;
    throw new HttpError(404, { detail: 'Invalid page.' });
  }
  if (positioned) for (const name of POSITION_PARAMS) params.delete(name);
  const link = (target: number, extra: Record<string, string> = {}) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    for (const [name, value] of Object.entries(extra)) next.set(name, value);
    const query = next.toString();
    return query ? `${path}?${query}` : path;
  };
  return { path, query: params.toString(), size, page, lastPage, link };
}

/**
 * A pagination parameter as the route's querystring schema validated it (`paginationQuery`):
 * a route must declare what it reads, so the OpenAPI document lists it
 * (openapi-statuses.test.ts records these reads).
 */
function queryValue(request: FastifyRequest, name: string): string | null {
  const value = (request.query as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : null;
}

// Positions are signed so a client cannot make page N show other rows. The key lives as long
// as the process: a position from another replica or before a restart is simply not trusted
// (the page is then found by number), which costs time, never correctness.
const positionKey = randomBytes(32);

/** What a position is valid for: the kind, the collection, its filters and ordering, the page. */
function signedScope(kind: string, path: string, params: URLSearchParams, page: number) {
  const others = [...params]
    .filter(([name]) => name !== 'page' && !POSITION_PARAMS.includes(name))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  return JSON.stringify([kind, path, page, others]);
}

function signature(payload: string, scope: string) {
  return createHmac('sha256', positionKey)
    .update(scope)
    .update('\n')
    .update(payload)
    .digest('base64url');
}

function writePosition(position: Position, scope: string, version: number) {
  const payload = Buffer.from(JSON.stringify([version, position])).toString('base64url');
  return `${payload}.${signature(payload, scope)}`;
}

function readPosition(raw: string | null, scope: string, version: number): Position | undefined {
  const signed = readSigned(raw, scope);
  // The collection changed since the link was made: rows may have moved between pages.
  return signed && signed[0] === version ? signed[1] : undefined;
}

/** The version and position of a position signed for `scope`, if it is. */
function readSigned(raw: string | null, scope: string): [number, Position] | undefined {
  if (!raw) return undefined;
  const [payload, mac, ...rest] = raw.split('.');
  if (!payload || !mac || rest.length) return undefined;
  const expected = Buffer.from(signature(payload, scope));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as [number, Position];
}

function pageSize(raw: string | null): number {
  // Zero and negative sizes are numbers too: clamped to 1, not ignored.
  if (raw === null || !/^-?\d+$/.test(raw)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Number(raw)));
}
