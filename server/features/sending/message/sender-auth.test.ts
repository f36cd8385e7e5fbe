import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from '../engine/sender.js';

/**
 * Sender authentication, through a real SMTP server: DKIM signatures that a verifier
 * (mailauth, with the DNS answered here) accepts, VERP envelope senders, and a DSN sent
 * back to one of them matched to its recipient without any Message-ID.
 */
const sink = await startSmtpSink();
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DKIM = {
  domain: 'acme.example',
  selector: 'mb2026',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const TOKEN = 'bounce-webhook-token-for-tests';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    sending: {
      smtpUrls: [sink.url],
      publicUrl: 'https://mail.acme.example',
      ratePerServer: 0,
      dkim: DKIM,
      returnPathDomain: 'bounces.acme.example',
      bounceWebhookToken: TOKEN,
    },
  });
});
beforeEach(async () => {
  await t.reset();
  sink.messages.length = 0;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

async function deliver(emails: string[]) {
  const list = await createList(t);
  for (const email of emails) await t.post(`/api/v1/lists/${list}/subscribers`, { email });
  const res = await t.post('/api/v1/mailings', {
    list,
    name: `Signed ${Date.now()}`,
    variants: [
      {
        subject: 'Signed news',
        layout: { text: '<p>Read <a href="https://example.org/news">the news</a>.</p>' },
        deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  for (let i = 0; i < 20 && sink.messages.length < emails.length; i++) {
    await sendRound(t.app.sending);
  }
  expect(sink.messages).toHaveLength(emails.length);
  return { list, mailing: res.json().id as number };
}

/** The settings screen's DKIM record, served as the DNS would (TXT strings of ≤ 255). */
async function resolverFromSettings() {
  const settings = (await t.get('/api/v1/settings/sending')).json();
  const dkim = settings.dns_records.find((r: { purpose: string }) => r.purpose === 'dkim');
  return async (name: string, type: string) => {
    if (type === 'TXT' && name === dkim.name) return [dkim.value.match(/.{1,255}/g)];
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
  };
}

describe('sender authentication', () => {
  it('signs every message with DKIM, verified with the record the settings screen shows', async () => {
    await deliver(['a@example.test', 'b@example.test']);
    const resolver = await resolverFromSettings();
    for (const m of sink.messages) {
      const result = await dkimVerify(Buffer.from(m.raw), { resolver });
      expect(result.results).toHaveLength(1);
      const [signature] = result.results;
      expect(signature!.status.result).toBe('pass');
      expect(signature!.signingDomain).toBe('acme.example');
      const h = /\bh=([^;]+)/.exec(m.raw.replace(/\r\n\s+/g, ' '))![1]!.toLowerCase();
      for (const name of ['from', 'subject', 'date', 'message-id', 'to', 'list-unsubscribe']) {
        expect(h.split(':')).toContain(name);
      }
      expect(h.split(':')).toContain('list-unsubscribe-post');
    }
    // A message changed on the way (its body, or a signed header) does not pass.
    const raw = sink.messages[0]!.raw;
    for (const changed of [
      raw.replace('the news', 'the olds'),
      raw.replace('Subject: Signed news', 'Subject: Signed olds'),
      raw.replace(/List-Unsubscribe-Post: [^\r]+/, 'List-Unsubscribe-Post: nothing'),
    ]) {
      expect(changed).not.toBe(raw);
      const failed = await dkimVerify(Buffer.from(changed), { resolver });
      expect(failed.results[0]!.status.result).not.toBe('pass');
    }
  });

  it('sends from a VERP return path per recipient and matches a DSN sent back to it', async () => {
    const { mailing } = await deliver(['gone@example.test', 'kept@example.test']);
    const from = new Map(sink.messages.map((m) => [m.to, m.from]));
    const gone = from.get('gone@example.test')!;
    expect(gone).toMatch(/^bounces\+[0-9a-z]+-[0-9a-z]+-[0-9a-f]{20}@bounces\.acme\.example$/);
    expect(gone.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(from.get('kept@example.test')).not.toBe(gone);

    // The bounce names another address (a forward) and carries no original headers: only
    // the address it was sent back to says whom it is about.
    const dsn = (to: string) =>
      [
        'From: MAILER-DAEMON@mx.example.test',
        `To: ${to}`,
        'Subject: Undelivered Mail Returned to Sender',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'Could not deliver.',
        '--b',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.example.test',
        '',
        'Final-Recipient: rfc822; alias@forward.example.test',
        'Action: failed',
        'Status: 5.1.1',
        '',
        '--b--',
        '',
      ].join('\r\n');
    const post = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/bounces',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'message/rfc822' },
        payload: body,
      });
    const tampered = gone.replace(/-([0-9a-f])/, (_m, c: string) => `-${c === 'a' ? 'b' : 'a'}`);
    expect((await post(dsn(tampered))).json()).toEqual({ received: 1, recorded: 0 });
    expect((await post(dsn(gone))).json()).toEqual({ received: 1, recorded: 1 });
    // Sent twice (a retried pipe): counted once.
    expect((await post(dsn(gone))).json()).toEqual({ received: 1, recorded: 0 });
    // A pipe that passes the envelope recipient (Postfix's ${recipient}) with the status part
    // only, and a JSON report naming it: matched the same way.
    const kept = from.get('kept@example.test')!;
    const statusOnly = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bounces?envelope_to=${encodeURIComponent(kept)}`,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'message/delivery-status' },
      payload: dsn(kept)
        .split('Content-Type: message/delivery-status\r\n\r\n')[1]!
        .split('--b--')[0]!,
    });
    expect(statusOnly.json()).toEqual({ received: 1, recorded: 1 });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bounces',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { email: 'alias@forward.example.test', hard: false, envelope_to: kept },
    });
    expect(json.json()).toEqual({ received: 1, recorded: 1 });
    const bounces = (await t.get('/api/v1/statistics/bounces')).json();
    expect(bounces.results).toMatchObject([
      { mailing, email: 'gone@example.test', hard: true },
      { mailing, email: 'kept@example.test', hard: true },
      { mailing, email: 'kept@example.test', hard: false },
    ]);
  });
});

describe('GET /api/v1/settings/sending', () => {
  it('reports a complete configuration and the records to publish', async () => {
    await createList(t, { default_from_email: 'news@acme.example' });
    await createList(t, { name: 'Other', default_from_email: 'hello@other.example' });
    const res = await t.get('/api/v1/settings/sending');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.complete).toBe(true);
    expect(body.checks.map((c: { key: string; ok: boolean }) => [c.key, c.ok])).toEqual([
      ['smtp', true],
      ['public_url', true],
      ['dkim', true],
      ['bounce_webhook', true],
      ['return_path', true],
    ]);
    expect(JSON.stringify(body)).not.toContain(TOKEN);
    expect(body.dns_records).toMatchObject([
      { purpose: 'dkim', type: 'TXT', name: 'mb2026._domainkey.acme.example' },
      { purpose: 'spf', name: 'bounces.acme.example', value: 'v=spf1 a mx ~all' },
      { purpose: 'dmarc', name: '_dmarc.acme.example' },
    ]);
    expect(body.dns_records[0].value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(body.from_domains).toEqual([
      { domain: 'acme.example', aligned: true },
      { domain: 'other.example', aligned: false },
    ]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/settings/sending' });
    expect(anonymous.statusCode).toBe(401);
  });
});
