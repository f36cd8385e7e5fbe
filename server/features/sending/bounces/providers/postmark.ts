import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../../../lib/http-errors.js';
import type { InboundEvent } from '../ingest.js';
import { asRecord, asString, parseJson, present, type Provider } from './provider.js';

const same = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** Bounce types that mean the address does not work; the others that are a bounce are soft. */
const HARD = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);
const SOFT = new Set(['SoftBounce', 'Transient', 'DnsError', 'Undeliverable', 'Blocked']);

/**
 * Postmark's bounce, spam-complaint and subscription-change webhooks (one JSON record per
 * request), behind HTTP Basic credentials (POSTMARK_WEBHOOK_USERNAME/PASSWORD) that the
 * webhook's URL carries. Postmark's `MessageID` is its own id, not the message's
 * Message-ID header: records are matched by address.
 */
export function postmarkProvider(credentials: { username: string; password: string }): Provider {
  return {
    async verify({ headers }) {
      const given = /^Basic\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
      const decoded = given ? Buffer.from(given, 'base64').toString('utf8') : '';
      const colon = decoded.indexOf(':');
      const ok =
        colon > 0 &&
        same(decoded.slice(0, colon), credentials.username) &&
        same(decoded.slice(colon + 1), credentials.password);
      if (!ok)
        throw new HttpError(
          401,
          { detail: 'Invalid or missing Postmark webhook credentials.' },
          { 'www-authenticate': 'Basic realm="postmark"' },
        );
    },
    async events({ body }) {
      const record = asRecord(parseJson(body));
      const email = asString(record.Email) ?? asString(record.Recipient);
      if (!email) return [];
      const id = record.ID ?? record.MessageID;
      const base = {
        source: 'postmark',
        email,
        envelopeTo: [],
        ...present({ eventId: id === undefined ? undefined : String(id) }),
      };
      const type = asString(record.Type) ?? '';
      const events: InboundEvent[] = [];
      if (record.RecordType === 'Bounce' && (HARD.has(type) || SOFT.has(type)))
        events.push({
          ...base,
          kind: 'bounce',
          hard: HARD.has(type),
          reason: (asString(record.Details) ?? asString(record.Description) ?? type).slice(0, 1000),
        });
      if (record.RecordType === 'SpamComplaint' || type === 'SpamComplaint')
        events.push({ ...base, kind: 'complaint', feedbackType: 'abuse' });
      // A recipient's own unsubscription (Postmark's unsubscribe link): hard bounces and
      // complaints arrive as their own records too.
      if (
        record.RecordType === 'SubscriptionChange' &&
        record.SuppressSending === true &&
        record.SuppressionReason === 'ManualSuppression'
      )
        events.push({ ...base, kind: 'unsubscribe' });
      return events;
    },
  };
}
