import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsFirst, trackRequestActivity } from './request-activity.js';

/** An app whose `/slow` answers when the test calls `release()`. */
async function appWithSlowRoute() {
  const app = Fastify();
  const activity = trackRequestActivity(app);
  let release = () => {};
  let arrived = () => {};
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const slow = async () => {
    arrived();
    await new Promise<void>((resolve) => (release = resolve));
    return { ok: true };
  };
  app.get('/slow', slow);
  app.get('/fast', async () => ({ ok: true }));
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  app.post('/slow', slow);
  await app.ready();
  return { app, activity, release: () => release(), arrival };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
};

describe('request activity', () => {
  it('is idle at once with no request, and once the requests in flight are answered', async () => {
    const { app, activity, release, arrival } = await appWithSlowRoute();
    close = () => app.close();
    expect(await settled(activity.whenIdle(10_000))).toBe(true);

    const slow = app.inject({ method: 'GET', url: '/slow' });
    await arrival;
    expect((await app.inject({ method: 'GET', url: '/fast' })).statusCode).toBe(200);
    expect(activity.inFlight).toBe(1);
    const idle = activity.whenIdle(10_000);
    expect(await settled(idle)).toBe(false);

    release();
    expect((await slow).statusCode).toBe(200);
    expect(await settled(idle)).toBe(true);
    expect(activity.inFlight).toBe(0);
  });

  it('stops waiting after the longest wait given, while a request is still in flight', async () => {
    const { app, activity, release, arrival } = await appWithSlowRoute();
    close = () => app.close();
    const slow = app.inject({ method: 'GET', url: '/slow' });
    await arrival;
    expect(await settled(activity.whenIdle(20))).toBe(true);
    expect(activity.inFlight).toBe(1);
    release();
    await slow;
  });

  it('leaves uploads out: they wait for the network, not the database', async () => {
    const { app, activity, release, arrival } = await appWithSlowRoute();
    close = () => app.close();
    const upload = app.inject({
      method: 'POST',
      url: '/slow',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    await arrival;
    expect(activity.inFlight).toBe(0);
    expect(await settled(activity.whenIdle(10_000))).toBe(true);
    release();
    expect((await upload).statusCode).toBe(200);
  });

  it('counts a request the client gave up on as ended', async () => {
    const { app, activity, release, arrival } = await appWithSlowRoute();
    await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
    const { port } = app.server.address() as AddressInfo;
    const client = httpRequest({ host: '127.0.0.1', port, path: '/slow' });
    client.on('error', () => {});
    client.end();
    await arrival;
    expect(activity.inFlight).toBe(1);
    client.destroy();
    await activity.whenIdle(10_000);
    expect(activity.inFlight).toBe(0);
    release();
  });

  it('is recently active while a request is in flight and for the time given after it', async () => {
    const { app, activity, release, arrival } = await appWithSlowRoute();
    close = () => app.close();
    expect(activity.recentlyActive(60_000)).toBe(false);
    const slow = app.inject({ method: 'GET', url: '/slow' });
    await arrival;
    expect(activity.recentlyActive(0)).toBe(true);
    release();
    await slow;
    expect(activity.recentlyActive(60_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(activity.recentlyActive(20)).toBe(false);
  });

  it('lets a request arriving on the socket in between steps of work that never waits', async () => {
    const { app, activity } = await appWithSlowRoute();
    await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
    const { port } = app.server.address() as AddressInfo;
    // Like PGlite: each step holds the thread and its promise resolves without any I/O.
    let steps = 0;
    let answeredAfter: number | undefined;
    const response = fetch(`http://127.0.0.1:${port}/fast`).then(() => (answeredAfter = steps));
    while (steps < 300 && answeredAfter === undefined) {
      await requestsFirst(activity);
      const until = performance.now() + 10;
      while (performance.now() < until);
      steps++;
    }
    await response;
    // Without the yield in requestsFirst the request is read only once all 300 steps end.
    expect(answeredAfter).toBeLessThan(100);
  });
});
