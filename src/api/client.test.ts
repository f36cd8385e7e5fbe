import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  extension,
  NetworkError,
  parseResponse,
  request,
  requestParsed,
  ResponseShapeError,
  serverStatus,
} from './client';
import { lightRegion } from './light-schemas';
import { session } from './session';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  session.signIn({ username: 'ana@example.com' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  session.signOut();
});

describe('request', () => {
  it('sends JSON and query parameters to /api/v1 with the cookie and the dashboard header', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 1 }));
    await expect(
      request('/lists', {
        method: 'POST',
        body: { name: 'A' },
        query: { page: 2, x: undefined, l: ['a', 'b'] },
      }),
    ).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/lists?page=2&l=a&l=b');
    const headers = init.headers as Record<string, string>;
    // No credentials of its own: the HttpOnly session cookie goes along (same origin).
    expect(headers.Authorization).toBeUndefined();
    expect(headers['x-mailboard-client']).toBe('dashboard');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"name":"A"}');
    expect(init.credentials).toBe('same-origin');
  });

  it('turns a non-2xx answer into an ApiError with status, body and headers', async () => {
    fetchMock.mockResolvedValue(json(400, { name: ['Required.'] }, { 'x-thing': '1' }));
    const err = (await request('/lists').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.body).toEqual({ name: ['Required.'] });
    expect(err.headers.get('x-thing')).toBe('1');
  });

  it('ends the session on a 401 while signed in, but not on a failed sign-in', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(401, { detail: 'Invalid or expired session.' })),
    );
    await expect(request('/lists')).rejects.toBeInstanceOf(ApiError);
    expect(session.get().user).toBeNull();
    expect(session.get().notice).toMatch(/sign in again/);

    session.signOut();
    await expect(
      request('/session', { method: 'POST', body: { username: 'x@y', password: 'z' } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(session.get()).toMatchObject({ status: 'signed-out', notice: null });
  });

  it('reports an unreachable server and recovers on the next answer', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('/lists')).rejects.toMatchObject({ reason: 'unreachable' });
    expect(serverStatus.get()).toBe(false);
    fetchMock.mockResolvedValueOnce(json(204, undefined));
    await expect(request('/lists/1', { method: 'DELETE' })).resolves.toBeUndefined();
    expect(serverStatus.get()).toBe(true);
  });

  it('times out with a NetworkError, and passes a caller abort through', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    await expect(request('/lists', { timeoutMs: 5 })).rejects.toEqual(new NetworkError('timeout'));
    const controller = new AbortController();
    const pending = request('/lists', { signal: controller.signal });
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('parses with loose schemas and rejects a response of the wrong shape', async () => {
    const schema = z.looseObject({ id: z.number() });
    fetchMock.mockResolvedValueOnce(json(200, { id: 1, custom_field: 'kept' }));
    await expect(requestParsed(schema, '/x')).resolves.toEqual({ id: 1, custom_field: 'kept' });
    fetchMock.mockResolvedValueOnce(json(200, { id: 'one' }));
    await expect(requestParsed(schema, '/x')).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('parses with light schemas alike, naming where the shape is wrong', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 'FR', name: 'France', extra: 1 }));
    await expect(requestParsed(lightRegion, '/regions/FR')).resolves.toEqual({
      code: 'FR',
      name: 'France',
      extra: 1,
    });
    expect(() => parseResponse(lightRegion, { code: 'FR', name: 7 }, '/regions/FR')).toThrow(
      expect.objectContaining({
        message: 'Unexpected response from /regions/FR.',
        issues: [expect.objectContaining({ path: ['name'] })],
      }),
    );
    expect(() => parseResponse(z.object({ id: z.number() }), { id: 'x' }, '/x')).toThrow(
      ResponseShapeError,
    );
  });
});

describe('extension', () => {
  it('reports 404/405 as unsupported and remembers it for the session', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(404, { detail: 'Not found.' })));
    const call = () => request('/statistics/opens/series');
    await expect(extension('series', call)).resolves.toEqual({ supported: false });
    await expect(extension('series', call)).resolves.toEqual({ supported: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(() => Promise.resolve(json(404, { detail: 'Not found.' })));
    await expect(
      extension('mailing-detail', call, { notFoundMeansUnsupported: false }),
    ).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockResolvedValue(json(200, [{ bucket: 'x', count: 1 }]));
    await expect(extension('other', call)).resolves.toEqual({
      supported: true,
      data: [{ bucket: 'x', count: 1 }],
    });
  });
});
