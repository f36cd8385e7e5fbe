import { createServer } from 'node:net';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { FailedAttemptThrottle, usersRepository } from '../features/identity/index.js';
import { ADMIN, basic, createTestContext, type TestContext } from '../test/harness.js';

let upstream: TestContext;
let throttle: FailedAttemptThrottle;
let proxy: App;

const listening = (app: FastifyInstance) =>
  app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  });

let upstreamUrl: string;
/** Moves the upstream's clock (its credential cache) forward. */
let upstreamSkew = 0;

beforeAll(async () => {
  throttle = new FailedAttemptThrottle(() => Date.now() + upstreamSkew);
  upstream = await createTestContext({ throttle });
  upstreamUrl = await listening(upstream.app);
  proxy = await buildApp({ upstream: upstreamUrl });
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
});

const auth = { authorization: basic(ADMIN.username, ADMIN.password) };
const list = { name: 'Proxied', default_from_name: 'Acme', default_from_email: 'a@acme.example' };

/** The same request to the upstream directly and through the proxy. */
async function both(options: InjectOptions) {
  const [direct, proxied] = [await upstream.app.inject(options), await proxy.inject(options)];
  return { direct, proxied };
}

describe('UPSTREAM_API_URL proxy', () => {
  it('forwards a POST with its JSON body and the Authorization header', async () => {
    const res = await proxy.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: auth,
      payload: list,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: 1, name: 'Proxied', create_user: upstream.admin.id });
    expect((await upstream.get('/api/v1/lists/1')).json().name).toBe('Proxied');
  });

  it('answers GETs exactly as the upstream does, query string included', async () => {
    await upstream.post('/api/v1/lists', { ...list, name: 'Second' });
    for (const url of ['/api/v1/lists', '/api/v1/lists?page_size=1&page=2', '/api/v1/lists/1']) {
      const { direct, proxied } = await both({ method: 'GET', url, headers: auth });
      expect(proxied.statusCode, url).toBe(200);
      expect(proxied.json(), url).toEqual(direct.json());
    }
  });

  it('passes 401 with WWW-Authenticate, 404 and 400 through unchanged', async () => {
    const cases: InjectOptions[] = [
      { method: 'GET', url: '/api/v1/lists' },
      { method: 'GET', url: '/api/v1/lists/999', headers: auth },
      {
        method: 'POST',
        url: '/api/v1/lists',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"name": ',
      },
    ];
    const expected = [401, 404, 400];
    for (const [i, options] of cases.entries()) {
      const { direct, proxied } = await both(options);
      expect(proxied.statusCode).toBe(expected[i]);
      expect(proxied.statusCode).toBe(direct.statusCode);
      expect(proxied.json()).toEqual(direct.json());
      expect(proxied.headers['www-authenticate']).toBe(direct.headers['www-authenticate']);
    }
    const { proxied } = await both(cases[0]!);
    expect(proxied.headers['www-authenticate']).toBe('Basic realm="api"');
  });

  it('passes 429 with Retry-After through, throttling the client behind the proxy', async () => {
    const client = '198.51.100.7';
    for (let i = 0; i < 10; i++) throttle.recordFailure('guessed@example.com', client);
    const res = await proxy.inject({
      method: 'GET',
      url: '/api/v1/lists',
      remoteAddress: client,
      headers: { authorization: basic('guessed@example.com', 'whatever') },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another client behind the same proxy is not affected.
    const other = await proxy.inject({
      method: 'GET',
      url: '/api/v1/lists',
      remoteAddress: '198.51.100.8',
      headers: auth,
    });
    expect(other.statusCode).toBe(200);
  });

  it('does not forward paths outside /api/v1 and /media', async () => {
    const res = await proxy.inject({ method: 'GET', url: '/api/v2/lists', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 502 with a detail when the upstream cannot be reached', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const orphan = await buildApp({ upstream: `http://127.0.0.1:${port}` });
    try {
      const res = await orphan.inject({ method: 'GET', url: '/api/v1/lists', headers: auth });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ detail: 'The upstream API could not be reached.' });
    } finally {
      await orphan.close();
    }
  });
});

describe('UPSTREAM_API_URL proxy, byte for byte', () => {
  let echo: FastifyInstance;
  let echoProxy: App;
  beforeAll(async () => {
    echo = Fastify();
    echo.removeAllContentTypeParsers();
    echo.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    echo.all('/*', async (request, reply) =>
      reply
        .code(request.url.includes('status=429') ? 429 : 207)
        .header('retry-after', '42')
        .header('x-custom', 'kept')
        .send({
          method: request.method,
          url: request.url,
          authorization: request.headers.authorization,
          cookie: request.headers.cookie,
          contentType: request.headers['content-type'],
          body: Buffer.isBuffer(request.body) ? request.body.toString('base64') : null,
        }),
    );
    // A base path on the upstream URL is kept in front of every forwarded path.
    echoProxy = await buildApp({ upstream: `${await listening(echo)}/base` });
  });
  afterAll(async () => {
    await echoProxy?.close();
    await echo?.close();
  });

  it('streams a multipart body through unchanged, with method, path, query and headers', async () => {
    const boundary = '----mailboard';
    const csv = Buffer.from('email;first_name\r\nzoë@example.com;Zoë\r\n', 'latin1');
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      csv,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await echoProxy.inject({
      method: 'POST',
      url: '/api/v1/lists/3/imports?x=1&y=%C3%A9',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(207);
    expect(res.headers['x-custom']).toBe('kept');
    expect(res.json()).toEqual({
      method: 'POST',
      url: '/base/api/v1/lists/3/imports?x=1&y=%C3%A9',
      authorization: auth.authorization,
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: body.toString('base64'),
    });
  });

  it('forwards every method and /media, and keeps Retry-After on a 429', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      const res = await echoProxy.inject({ method, url: '/api/v1/lists/1', headers: auth });
      expect(res.json()).toMatchObject({ method, url: '/base/api/v1/lists/1' });
    }
    const media = await echoProxy.inject({ method: 'GET', url: '/media/layouts/1/images/a.png' });
    expect(media.json()).toMatchObject({ url: '/base/media/layouts/1/images/a.png' });
    const throttled = await echoProxy.inject({ method: 'GET', url: '/api/v1/lists?status=429' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('42');
  });
});

describe('UPSTREAM_API_URL proxy, dashboard sessions (two real servers)', () => {
  let clock = Date.UTC(2030, 0, 1);
  let sessionProxy: App;
  const dashboard = { 'x-mailboard-client': 'dashboard' };
  beforeAll(async () => {
    sessionProxy = await buildApp({
      upstream: upstreamUrl,
      throttle: new FailedAttemptThrottle(() => clock),
      sessionLifetime: { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000 },
    });
  });
  afterAll(() => sessionProxy?.close());

  const signIn = (password = ADMIN.password, remoteAddress?: string, headers = dashboard) =>
    sessionProxy.inject({
      method: 'POST',
      url: '/api/v1/session',
      remoteAddress,
      headers,
      payload: { username: ADMIN.username, password },
    });
  const tokenOf = (res: { headers: Record<string, unknown> }) =>
    /mailboard_session=([^;]*)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
  const withCookie = (token: string, options: InjectOptions = {}) =>
    sessionProxy.inject({
      method: 'GET',
      url: '/api/v1/lists',
      ...options,
      headers: { cookie: `mailboard_session=${token}`, ...dashboard, ...options.headers },
    });

  it('checks the password against the upstream once, then forwards with it', async () => {
    const res = await signIn();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ username: ADMIN.username });
    expect(String(res.headers['set-cookie'])).toMatch(
      /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/,
    );
    const token = tokenOf(res);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await withCookie(token, { url: '/api/v1/session' })).json()).toEqual({
      username: ADMIN.username,
    });
    const created = await withCookie(token, {
      method: 'POST',
      url: '/api/v1/lists',
      payload: list,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ create_user: upstream.admin.id });
    const listed = await withCookie(token);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
  });

  it('refuses wrong passwords without a Basic challenge, and passes the upstream throttle on', async () => {
    const wrong = await signIn('wrong password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Invalid username/password.' });
    expect(wrong.headers['www-authenticate']).toBe('Session realm="api"');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const client = '198.51.100.20';
    for (let i = 0; i < 10; i++) throttle.recordFailure(ADMIN.username, client);
    const blocked = await signIn(ADMIN.password, client);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('refuses cross-site writes and forged sign-ins', async () => {
    const token = tokenOf(await signIn());
    const forged = await sessionProxy.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: { cookie: `mailboard_session=${token}`, origin: 'https://evil.example' },
      payload: list,
    });
    expect(forged.statusCode).toBe(403);
    const login = await signIn(ADMIN.password, undefined, {
      origin: 'https://evil.example',
    } as never);
    expect(login.statusCode).toBe(403);
  });

  it('ends sessions at sign-out, after idleness, and when the upstream stops taking the password', async () => {
    const first = tokenOf(await signIn());
    expect((await withCookie(first, { method: 'DELETE', url: '/api/v1/session' })).statusCode).toBe(
      204,
    );
    const after = await withCookie(first);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Invalid or expired session.' });
    expect(after.headers['www-authenticate']).toBe('Session realm="api"');

    const idle = tokenOf(await signIn());
    clock += 29 * 60_000;
    expect((await withCookie(idle)).statusCode).toBe(200);
    clock += 31 * 60_000;
    expect((await withCookie(idle)).statusCode).toBe(401);

    const revoked = tokenOf(await signIn());
    const users = usersRepository(upstream.db);
    await users.setPassword(ADMIN.username, 'changed upstream');
    upstreamSkew += 2 * 60_000; // past the upstream's credential cache
    try {
      const refused = await withCookie(revoked);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Session realm="api"');
      // The proxy forgot the session with the credentials that stopped working.
      await users.setPassword(ADMIN.username, ADMIN.password);
      expect((await withCookie(revoked, { url: '/api/v1/session' })).statusCode).toBe(401);
    } finally {
      await users.setPassword(ADMIN.username, ADMIN.password);
    }
  });

  it('keeps the cookie on this server: the upstream gets Basic, never the token', async () => {
    const echo = Fastify();
    echo.get('/*', async (request) => ({
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
    }));
    const viaEcho = await buildApp({ upstream: await listening(echo) });
    try {
      const res = await viaEcho.inject({
        method: 'POST',
        url: '/api/v1/session',
        headers: dashboard,
        payload: { username: ADMIN.username, password: ADMIN.password },
      });
      expect(res.statusCode).toBe(201);
      const token = tokenOf(res);
      const echoed = await viaEcho.inject({
        method: 'GET',
        url: '/api/v1/lists',
        headers: { cookie: `theme=dark; mailboard_session=${token}`, ...dashboard },
      });
      expect(echoed.json()).toMatchObject({
        authorization: basic(ADMIN.username, ADMIN.password),
        cookie: 'theme=dark',
      });
    } finally {
      await viaEcho.close();
      await echo.close();
    }
  });
});
