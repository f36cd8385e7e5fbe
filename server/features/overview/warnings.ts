import { sql } from 'drizzle-orm';
import type { SendingSettings } from '../../../contract/settings.js';
import type { OverviewWarning } from '../../../contract/overview.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { Lists } from './cards.js';

/**
 * What a person should act on, each from what the server already records: a delivery the
 * service paused (its `pause_reason`: a relay's fault, or the complaints brake), a relay that
 * refused the login (an SMTP 530/534/535 or "authentication" in that reason), a webhook
 * endpoint failing or switched off, a sender domain DKIM does not cover.
 */
const LOGIN_REFUSED = /\b53[045]\b|EAUTH|authenticat|invalid login|credentials/i;

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Deliveries paused by the service, as `delivery_paused` or `smtp_login_refused`. */
export async function pausedDeliveryWarnings(
  db: Executor,
  lists: Lists,
): Promise<OverviewWarning[]> {
  const rows = await queryRows<{ mailing_id: number; name: string; pause_reason: string }>(
    db,
    sql`SELECT m.id AS mailing_id, m.name, d.pause_reason
          FROM deliveries d JOIN variants v ON v.id = d.variant_id JOIN mailings m ON m.id = v.mailing_id
         WHERE d.status = 'paused' AND d.pause_reason <> ''
           AND ${lists === null ? sql`true` : sql`m.list_id = ANY(${intArray(lists)})`}
         ORDER BY d.id LIMIT 10`,
  );
  return rows.map((r) =>
    LOGIN_REFUSED.test(r.pause_reason)
      ? {
          kind: 'smtp_login_refused',
          message: `The SMTP relay refused the login; "${r.name}" is paused: ${r.pause_reason}`,
          link: `/mailings/${r.mailing_id}`,
        }
      : {
          kind: 'delivery_paused',
          message: `"${r.name}" was paused: ${r.pause_reason}`,
          link: `/mailings/${r.mailing_id}`,
        },
  );
}

/** Endpoints failing or switched off after failing, among those the caller may manage. */
export async function failingWebhookWarnings(
  db: Executor,
  lists: Lists,
): Promise<OverviewWarning[]> {
  const rows = await queryRows<{ url: string; enabled: boolean; disabled_reason: string }>(
    db,
    sql`SELECT url, enabled, disabled_reason FROM webhook_endpoints
         WHERE (failing_since IS NOT NULL OR (NOT enabled AND disabled_reason <> ''))
           AND ${lists === null ? sql`true` : sql`cardinality(lists) > 0 AND lists <@ ${intArray(lists)}`}
         ORDER BY id LIMIT 10`,
  );
  return rows.map((r) => ({
    kind: 'webhook_failing',
    message: r.enabled
      ? `Deliveries to ${r.url} are failing.`
      : `${r.url} was switched off: ${r.disabled_reason}`,
    link: '/webhooks',
  }));
}

/** Sender domains DKIM does not sign for (so DMARC fails), or no DKIM at all. */
export function senderDomainWarnings(settings: SendingSettings): OverviewWarning[] {
  const dkim = settings.checks.find((c) => c.key === 'dkim');
  if (dkim && !dkim.ok && settings.from_domains.length > 0) {
    return [
      {
        kind: 'sender_domain',
        message: `Messages are not DKIM-signed, so DMARC fails for ${settings.from_domains.map((d) => d.domain).join(', ')}.`,
        link: '/settings/sending',
      },
    ];
  }
  return settings.from_domains
    .filter((d) => !d.aligned)
    .map((d) => ({
      kind: 'sender_domain' as const,
      message: `${d.domain} is not covered by the DKIM signature: DMARC fails for it.`,
      link: '/settings/sending',
    }));
}
