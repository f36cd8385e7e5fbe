import { EventWebhook } from '@sendgrid/eventwebhook';
import type { InboundEvent } from '../ingest.js';
import { asRecord, asString, forbidden, parseJson, present, type Provider } from './provider.js';

const SIGNATURE = 'x-twilio-email-event-webhook-signature';
const TIMESTAMP = 'x-twilio-email-event-webhook-timestamp';

/**
 * SendGrid's Event Webhook, signed: an ECDSA (P-256) signature of timestamp + raw body,
 * checked with `@sendgrid/eventwebhook` against the base64 public key SendGrid shows
 * (SENDGRID_WEBHOOK_PUBLIC_KEY). A batch (a JSON array) maps `bounce` (type `bounce`:
 * hard, `blocked`: soft), `spamreport` and `unsubscribe`/`group_unsubscribe`; `dropped`
 * and `deferred` are no bounce (nothing was handed over, or SendGrid still tries).
 */
export function sendgridProvider(publicKey: string): Provider {
  const webhook = new EventWebhook();
  const key = webhook.convertPublicKeyToECDSA(publicKey);
  return {
    async verify({ headers, body }) {
      const signature = headers[SIGNATURE];
      const timestamp = headers[TIMESTAMP];
      let valid = false;
      if (typeof signature === 'string' && typeof timestamp === 'string') {
        try {
          valid = webhook.verifySignature(key, body, signature, timestamp);
        } catch {
          valid = false;
        }
      }
      if (!valid) throw forbidden('Invalid SendGrid event webhook signature.');
    },
    async events({ body }) {
      const batch = parseJson(body);
      const events: InboundEvent[] = [];
      for (const item of Array.isArray(batch) ? batch : [batch]) {
        const e = asRecord(item);
        const email = asString(e.email);
        if (!email) continue;
        const base = {
          source: 'sendgrid',
          email,
          envelopeTo: [],
          ...present({ eventId: asString(e.sg_event_id), messageId: asString(e['smtp-id']) }),
        };
        if (e.event === 'bounce')
          events.push({
            ...base,
            kind: 'bounce',
            hard: e.type !== 'blocked',
            reason: (asString(e.reason) ?? asString(e.status) ?? 'bounce').slice(0, 1000),
          });
        else if (e.event === 'spamreport')
          events.push({ ...base, kind: 'complaint', feedbackType: 'abuse' });
        else if (e.event === 'unsubscribe' || e.event === 'group_unsubscribe')
          events.push({ ...base, kind: 'unsubscribe' });
      }
      return events;
    },
  };
}
