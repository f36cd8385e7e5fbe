import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DnsRecord, SendingCheck, SendingSettings } from '../../../contract/settings.js';
import { queryRows } from '../../db/query-rows.js';
import { BOUNCES_PATH } from './bounces/routes.js';
import { dkimRecord } from './message/dkim.js';
import type { SendingContext } from './context.js';
import { p } from '../../lib/route-access.js';
import { checkDomains } from './domain-check.js';

/** A domain is aligned with DKIM's d= when it is that domain or below it (relaxed, RFC 7489). */
const aligned = (domain: string, dkim: string | undefined) =>
  dkim !== undefined && (domain === dkim || domain.endsWith(`.${dkim}`));

/** `smtp://user:pass@host:587` → `smtp://host:587`: never show credentials. */
const withoutCredentials = (url: string) => {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
};

function spfMechanism(smtpUrls: string[]) {
  const hosts = smtpUrls.map((u) => new URL(u).hostname.replace(/^\[|\]$/g, ''));
  const remote = hosts.filter((h) => !/^(localhost|127\.|::1$)/.test(h));
  if (remote.length === 0) return 'a mx';
  return remote
    .map((h) => (isIP(h) === 6 ? `ip6:${h}` : isIP(h) ? `ip4:${h}` : `a:${h}`))
    .join(' ');
}

/** Builds the answer from this process's sending options and the lists' sender domains. */
export async function sendingSettingsOf(ctx: SendingContext): Promise<SendingSettings> {
  const { options } = ctx;
  const dkim = options.dkim;
  const publicUrl = options.publicUrl;
  const domains = (
    await queryRows<{ domain: string }>(
      ctx.db,
      sql`SELECT DISTINCT lower(split_part(default_from_email, '@', 2)) AS domain
            FROM lists WHERE default_from_email LIKE '%@%' ORDER BY 1 LIMIT 50`,
    )
  ).map((r) => r.domain);
  const checks: SendingCheck[] = [
    {
      key: 'smtp',
      label: 'SMTP relay',
      required: true,
      ok: options.smtpUrls.length > 0,
      detail:
        options.smtpUrls.length > 0
          ? `Messages go to ${options.smtpUrls.map(withoutCredentials).join(', ')}.`
          : 'SMTP_URL is not set: messages stay in the embedded outbox and reach nobody.',
    },
    {
      key: 'public_url',
      label: 'Public address of links',
      required: true,
      ok: publicUrl?.startsWith('https://') ?? false,
      detail: !publicUrl
        ? "PUBLIC_URL is not set: links in messages use this server's own address."
        : publicUrl.startsWith('https://')
          ? `Links, images and unsubscribe addresses start with ${publicUrl}.`
          : `PUBLIC_URL (${publicUrl}) is not HTTPS: one-click unsubscribe (RFC 8058) needs HTTPS.`,
    },
    {
      key: 'dkim',
      label: 'DKIM signature',
      required: true,
      ok: dkim !== undefined,
      detail: dkim
        ? `Messages are signed for ${dkim.domain} with selector ${dkim.selector}.`
        : 'Set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (an RSA key, e.g. `openssl genrsa -out dkim.pem 2048`).',
    },
    {
      key: 'bounce_webhook',
      label: 'Bounce webhook',
      required: true,
      ok: Boolean(options.bounceWebhookToken),
      detail: options.bounceWebhookToken
        ? `Bounce reports are taken at ${ctx.baseUrl()}${BOUNCES_PATH} (Authorization: Bearer <BOUNCE_WEBHOOK_TOKEN>).`
        : 'BOUNCE_WEBHOOK_TOKEN is not set: only bounces the relay answers at once are seen.',
    },
    {
      key: 'return_path',
      label: 'Return path (VERP)',
      required: false,
      ok: Boolean(options.returnPathDomain),
      detail: options.returnPathDomain
        ? `Each message's envelope sender is bounces+…@${options.returnPathDomain}: route that domain's mail to the bounce webhook.`
        : 'Optional: with RETURN_PATH_DOMAIN, bounces name their recipient even without a Message-ID.',
    },
  ];
  const records: DnsRecord[] = [];
  if (dkim) records.push({ purpose: 'dkim', type: 'TXT', ...dkimRecord(dkim), note: '' });
  const sendingDomain = dkim?.domain ?? domains[0];
  const envelopeDomain = options.returnPathDomain ?? sendingDomain;
  if (envelopeDomain) {
    records.push({
      purpose: 'spf',
      type: 'TXT',
      name: envelopeDomain,
      value: `v=spf1 ${spfMechanism(options.smtpUrls)} ~all`,
      note: "A hint: name the addresses your relay sends from (or include your provider's SPF record).",
    });
  }
  if (sendingDomain) {
    records.push({
      purpose: 'dmarc',
      type: 'TXT',
      name: `_dmarc.${sendingDomain}`,
      value: `v=DMARC1; p=none; adkim=r; aspf=r; rua=mailto:dmarc-reports@${sendingDomain}`,
      note: 'Start with p=none and read the reports; move to quarantine or reject once every sender passes.',
    });
  }
  return {
    complete: checks.every((c) => c.ok || !c.required),
    checks,
    dns_records: records,
    from_domains: domains.map((domain) => ({ domain, aligned: aligned(domain, dkim?.domain) })),
  };
}

/** GET /api/v1/settings/sending (extension): the sending health screen's data. */
export async function settingsRoutes(
  app: FastifyInstance,
  { sending }: { sending: SendingContext },
) {
  app.get('/settings/sending', { config: { access: p('settings:manage') } }, async () =>
    sendingSettingsOf(sending),
  );
  // Apart from the settings: DNS may take seconds, and the screen shows the rest meanwhile.
  app.get('/settings/sending/domains', { config: { access: p('settings:manage') } }, async () => ({
    domains: await checkDomains(sending),
  }));
}
