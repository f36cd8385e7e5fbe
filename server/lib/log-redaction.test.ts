import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/password-reset/abcDEF123', '/api/v1/password-reset/[redacted]'],
    ['/api/v1/invitation/abcDEF123?x=1', '/api/v1/invitation/[redacted]?x=1'],
    ['/password-reset/abcDEF123', '/password-reset/[redacted]'],
    ['/invitation/abcDEF123/', '/invitation/[redacted]'],
    ['/api/v1/password%2Dreset/abcDEF123', '/api/v1/password%2Dreset/[redacted]'],
    ['/u/abc.def.ghi', '/u/[redacted]'],
    ['/c/abc.def.ghi', '/c/[redacted]'],
    ['/t/c/abc.def.ghi', '/t/c/[redacted]'],
    ['/t/o/abc.def.ghi', '/t/o/[redacted]'],
    ['//t//c/abc.def.ghi', '//t//c/[redacted]'],
    ['/api/v1/lists?token=abc&page=2', '/api/v1/lists?token=[redacted]&page=2'],
    [
      '/x?access_token=a&api_key=b&Secret=c&q=d',
      '/x?access_token=[redacted]&api_key=[redacted]&Secret=[redacted]&q=d',
    ],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it.each([
    '/api/v1/password-reset',
    '/api/v1/invitations/5/resend',
    '/api/v1/users/3',
    '/tokens',
    '/users',
    '/t/c/',
    '/media/layouts/1/images/a.png',
    '/api/v1/subscribers?search=ada&page=3',
  ])('%s is logged as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('request logs', () => {
  const lines: string[] = [];
  let t: TestContext;
  beforeAll(async () => {
    const stream = { write: (line: string) => void lines.push(line) };
    t = await createTestContext({ logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('carry no token of a link or a query at info level', async () => {
    const token = () => randomBytes(32).toString('base64url');
    const requests = [
      ['POST', '/api/v1/password-reset/', '/api/v1/password-reset/[redacted]'],
      ['GET', '/api/v1/invitation/', '/api/v1/invitation/[redacted]'],
      ['POST', '/api/v1/invitation/', '/api/v1/invitation/[redacted]'],
      ['GET', '/password-reset/', '/password-reset/[redacted]'],
      ['GET', '/invitation/', '/invitation/[redacted]'],
      ['GET', '/u/', '/u/[redacted]'],
      ['POST', '/u/', '/u/[redacted]'],
      ['GET', '/c/', '/c/[redacted]'],
      ['POST', '/c/', '/c/[redacted]'],
      ['GET', '/api/v1/lists?page=1&token=', '/api/v1/lists?page=1&token=[redacted]'],
    ] as const;
    const secrets: string[] = [];
    for (const [method, prefix, logged] of requests) {
      const secret = token();
      secrets.push(secret);
      const res = await t.request({
        method,
        url: prefix + secret,
        ...(method === 'POST' ? { payload: { password: 'a new password of mine' } } : {}),
      });
      expect(res.statusCode, prefix).toBeLessThan(500);
      const incoming = lines
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
        .filter((entry) => entry.msg === 'incoming request');
      expect(incoming.at(-1)?.req?.url, prefix).toBe(logged);
    }
    const everything = lines.join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});
