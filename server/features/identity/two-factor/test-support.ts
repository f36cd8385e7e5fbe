import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { App } from '../../../app.js';
import { ADMIN } from '../../../test/harness.js';

/** What the tests of two-factor sign-in share: the admin's browser, step by step. */
export const dashboard = { 'x-mailboard-client': 'dashboard' };

type Response = Awaited<ReturnType<App['inject']>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const cookiesOf = (res: Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');

/** The code an authenticator app shows at `at`. */
export const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

export function browserOf(app: App) {
  /** A request from the dashboard with these cookies. */
  const withCookie = (cookie: string, method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...dashboard, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    withCookie,
    /** The admin's password step: a session, or a challenge cookie when enrolled. */
    password: () =>
      app.inject({ method: 'POST', url: '/api/v1/session', headers: dashboard, payload: ADMIN }),
    secondStep: (cookie: string, code: string) =>
      withCookie(cookie, 'POST', '/api/v1/session/two-factor', { code }),

    /** Turns two-factor on for the session's user, as the Security screen does. */
    async enrol(cookie: string) {
      const started = await withCookie(cookie, 'POST', '/api/v1/me/two-factor');
      expect(started.statusCode).toBe(201);
      const { secret, uri, qr } = started.json();
      expect(uri).toMatch(/^otpauth:\/\/totp\/Mailboard:admin%40example\.com\?/);
      expect(qr).toMatch(/^data:image\/png;base64,/);
      const confirm = (code: string) =>
        withCookie(cookie, 'POST', '/api/v1/me/two-factor/confirm', { code });
      expect((await confirm('000000')).statusCode).toBe(400);
      const confirmed = await confirm(codeFor(secret, Date.now() - 30_000));
      expect(confirmed.statusCode).toBe(200);
      const codes: string[] = confirmed.json().recovery_codes;
      expect(codes).toHaveLength(10);
      return { secret, codes };
    },
  };
}
