import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configWarnings, readConfig, sendingOptions } from './config.js';

const problems = (env: NodeJS.ProcessEnv) => {
  try {
    readConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an invalid configuration');
};

describe('readConfig', () => {
  it('applies the defaults of docs/architecture.md §5 and ignores unrelated variables', () => {
    expect(readConfig({ PATH: '/usr/bin', HOME: '/root' })).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: '.data',
      ADMIN_USERNAME: 'admin@example.com',
      DEMO_DATA: true,
      DEMO_LIVE_DELIVERY: true,
      DEMO_LIVE_DELIVERY_MINUTES: 3,
      TRUST_PROXY: 'loopback',
      SESSION_IDLE_MINUTES: 30,
      SESSION_LIFETIME_HOURS: 12,
      LOG_LEVEL: 'info',
      SMTP_RATE: 50,
      SEND_CONCURRENCY: 5,
      DELIVERY_GRACE_MINUTES: 60,
      TRACKING: 'people',
      SOFT_BOUNCE_LIMIT: 3,
      SOFT_BOUNCE_DAYS: 30,
      HIT_SIGNAL_RETENTION_DAYS: 395,
      COMPLAINT_PAUSE_RATE: 0.003,
      BOUNCE_PAUSE_RATE: 0.05,
      PAUSE_MIN_SENT: 500,
      FORM_IP_BUDGET: 5,
      SEND_RETRY_SECONDS: 20,
      SEND_MAX_ATTEMPTS: 6,
      SEND_LEASE_SECONDS: 60,
      OUTBOX_CAP: 10000,
      WEBHOOK_ALLOW_PRIVATE: false,
      WEBHOOK_RETRY_SECONDS: 5,
      WEBHOOK_LEASE_SECONDS: 30,
    });
  });

  it('reads the sending settings and refuses nonsense', () => {
    const config = readConfig({
      SMTP_URL: 'smtp://user:pass@mx1.example:587, smtps://mx2.example',
      PUBLIC_URL: 'https://news.example',
      SMTP_RATE: '0',
      TRACKING: 'counts',
    });
    expect(sendingOptions(config)).toMatchObject({
      smtpUrls: ['smtp://user:pass@mx1.example:587', 'smtps://mx2.example'],
      publicUrl: 'https://news.example',
      ratePerServer: 0,
      tracking: 'counts',
      graceMs: 3_600_000,
      retryBaseMs: 20_000,
    });
    expect(problems({ SMTP_URL: 'http://mx.example' })).toContain(
      'SMTP_URL: must be smtp:// or smtps:// URLs, separated by commas',
    );
    // The message names the variable, never its value (it may hold a password).
    expect(problems({ SMTP_URL: 'smtp://user:secret@ bad' })).not.toContain('secret');
    expect(problems({ SEND_CONCURRENCY: '0' })).toContain(
      'SEND_CONCURRENCY: must be from 1 to 1000 messages',
    );
    expect(problems({ TRACKING: 'nobody' })).toContain('TRACKING');
    expect(problems({ BOUNCE_WEBHOOK_TOKEN: 'short' })).toContain(
      'BOUNCE_WEBHOOK_TOKEN: must have at least 16 characters',
    );
  });

  it('requires PUBLIC_URL for real mail in production and warns when it is not HTTPS', () => {
    const smtp = { SMTP_URL: 'smtp://mx.example', NODE_ENV: 'production' };
    expect(problems(smtp)).toContain('PUBLIC_URL: is required when SMTP_URL is set');
    expect(readConfig({ SMTP_URL: 'smtp://mx.example' }).PUBLIC_URL).toBeUndefined();
    const http = readConfig({ ...smtp, PUBLIC_URL: 'http://news.example' });
    expect(configWarnings(http)).toEqual([expect.stringContaining('PUBLIC_URL is not HTTPS')]);
    expect(configWarnings(readConfig({ ...smtp, PUBLIC_URL: 'https://news.example' }))).toEqual([]);
  });

  it('reads the session lifetimes, fractions included, and refuses nonsense', () => {
    expect(readConfig({ SESSION_IDLE_MINUTES: '5', SESSION_LIFETIME_HOURS: '0.5' })).toMatchObject({
      SESSION_IDLE_MINUTES: 5,
      SESSION_LIFETIME_HOURS: 0.5,
    });
    expect(problems({ SESSION_IDLE_MINUTES: '0' })).toContain(
      'SESSION_IDLE_MINUTES: must be more than 0 minutes',
    );
    expect(problems({ SESSION_LIFETIME_HOURS: 'forever' })).toContain(
      'SESSION_LIFETIME_HOURS: must be a number of hours',
    );
  });

  it('reads the demo live delivery switch and its delay, fractions included', () => {
    expect(
      readConfig({ DEMO_LIVE_DELIVERY: '0', DEMO_LIVE_DELIVERY_MINUTES: '0.1' }),
    ).toMatchObject({ DEMO_LIVE_DELIVERY: false, DEMO_LIVE_DELIVERY_MINUTES: 0.1 });
    expect(problems({ DEMO_LIVE_DELIVERY_MINUTES: '0' })).toContain(
      'DEMO_LIVE_DELIVERY_MINUTES: must be more than 0 minutes',
    );
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = readConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/mailboard',
      DATABASE_URL: 'postgres://u:p@db:5432/mailboard',
      ADMIN_USERNAME: 'root@example.org',
      ADMIN_PASSWORD: 'long enough',
      DEMO_DATA: '0',
      UPSTREAM_API_URL: '',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      PORT: 0,
      DATABASE_URL: 'postgres://u:p@db:5432/mailboard',
      DEMO_DATA: false,
      TRUST_PROXY: '10.0.0.0/8, loopback',
    });
    expect(config.UPSTREAM_API_URL).toBeUndefined();
    expect(readConfig({ TRUST_PROXY: 'true', DEMO_DATA: 'true' })).toMatchObject({
      TRUST_PROXY: true,
      DEMO_DATA: true,
    });
    expect(readConfig({ UPSTREAM_API_URL: 'https://mail.example.com/base' }).UPSTREAM_API_URL).toBe(
      'https://mail.example.com/base',
    );
  });

  it('rejects an invalid PORT with a message naming it', () => {
    for (const PORT of ['abc', '-1', '65536', '80.5']) {
      expect(problems({ PORT })).toBe(
        'Invalid configuration:\n  PORT: must be a port number from 0 to 65535',
      );
    }
  });

  it('rejects an ADMIN_USERNAME without "@" and a short ADMIN_PASSWORD', () => {
    expect(problems({ ADMIN_USERNAME: 'admin' })).toContain('ADMIN_USERNAME: must contain "@"');
    expect(problems({ ADMIN_USERNAME: `${'a'.repeat(250)}@x.io` })).toContain(
      'ADMIN_USERNAME: must have at most 254 characters',
    );
    expect(problems({ ADMIN_PASSWORD: 'short' })).toContain(
      'ADMIN_PASSWORD: must have at least 8 characters',
    );
  });

  it('rejects URLs that are not URLs or have the wrong scheme', () => {
    expect(problems({ UPSTREAM_API_URL: 'not a url' })).toContain(
      'UPSTREAM_API_URL: must be an http:// or https:// URL',
    );
    expect(problems({ UPSTREAM_API_URL: 'ftp://example.com' })).toContain('UPSTREAM_API_URL');
    expect(problems({ DATABASE_URL: 'mysql://db/x' })).toContain(
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
    );
  });

  it('lists every problem at once, and rejects unknown flag values', () => {
    const message = problems({
      PORT: 'x',
      DEMO_DATA: 'yes',
      TRUST_PROXY: 'everyone',
      LOG_LEVEL: 'loud',
    });
    for (const name of ['PORT', 'DEMO_DATA', 'TRUST_PROXY', 'LOG_LEVEL']) {
      expect(message).toContain(`  ${name}: `);
    }
  });
});

describe('sender authentication settings', () => {
  const pem = generateKeyPairSync('rsa', { modulusLength: 1024 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

  it('reads DKIM from PEM text (line breaks written \\n) or a file, and the rest', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dkim-'));
    const file = path.join(dir, 'dkim.pem');
    await writeFile(file, pem);
    for (const key of [pem.replace(/\n/g, '\\n'), file]) {
      const options = sendingOptions(
        readConfig({
          DKIM_DOMAIN: 'Acme.Example',
          DKIM_SELECTOR: 's1',
          DKIM_PRIVATE_KEY: key,
          RETURN_PATH_DOMAIN: 'bounces.acme.example',
          TRACKING_SECRET: 'a secret of sixteen+',
          TRACKING_SECRET_PREVIOUS: 'an older secret of 16',
        }),
      );
      expect(options.dkim).toMatchObject({ domain: 'acme.example', selector: 's1' });
      expect(options.dkim?.privateKey).toContain('BEGIN PRIVATE KEY');
      expect(options).toMatchObject({
        returnPathDomain: 'bounces.acme.example',
        previousSecret: 'an older secret of 16',
      });
    }
    await rm(dir, { recursive: true });
  });

  it('refuses half a DKIM setup, an unreadable key and a non-RSA key', () => {
    expect(problems({ DKIM_DOMAIN: 'acme.example' })).toMatch(/set all three or none/);
    const base = { DKIM_DOMAIN: 'acme.example', DKIM_SELECTOR: 's1' };
    expect(problems({ ...base, DKIM_PRIVATE_KEY: '/nowhere/dkim.pem' })).toMatch(
      /neither PEM text nor a readable file/,
    );
    const ed = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(problems({ ...base, DKIM_PRIVATE_KEY: ed })).toMatch(/an RSA key is needed/);
  });

  it("reads the relays' webhook settings and refuses half of Postmark's or a wrong ARN", () => {
    const options = sendingOptions(
      readConfig({
        SNS_TOPIC_ARNS:
          'arn:aws:sns:eu-west-1:123456789012:ses-events, arn:aws:sns:us-east-1:123456789012:other',
        SENDGRID_WEBHOOK_PUBLIC_KEY: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE',
        MAILGUN_WEBHOOK_SIGNING_KEY: 'key-0123456789',
        POSTMARK_WEBHOOK_USERNAME: 'postmark',
        POSTMARK_WEBHOOK_PASSWORD: 'a long password',
      }),
    );
    expect(options.providers).toEqual({
      ses: {
        topicArns: [
          'arn:aws:sns:eu-west-1:123456789012:ses-events',
          'arn:aws:sns:us-east-1:123456789012:other',
        ],
      },
      sendgrid: { publicKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE' },
      mailgun: { signingKey: 'key-0123456789' },
      postmark: { username: 'postmark', password: 'a long password' },
    });
    expect(sendingOptions(readConfig({})).providers).toEqual({});
    expect(problems({ POSTMARK_WEBHOOK_USERNAME: 'postmark' })).toMatch(/set both or neither/);
    expect(problems({ SNS_TOPIC_ARNS: 'ses-events' })).toMatch(/SNS_TOPIC_ARNS: must be/);
    expect(problems({ BOUNCE_MAILBOX_URL: 'pop3://x@y' })).toMatch(/BOUNCE_MAILBOX_URL: must be/);
    expect(problems({ BOUNCE_MAILBOX_URL: 'imap://u:p@mail.example/INBOX' })).toMatch(
      /only on loopback/,
    );
    expect(
      sendingOptions(readConfig({ BOUNCE_MAILBOX_URL: 'imap://u:p@127.0.0.1:1143/INBOX' })),
    ).toMatchObject({ bounceMailboxUrl: 'imap://u:p@127.0.0.1:1143/INBOX' });
  });
});
