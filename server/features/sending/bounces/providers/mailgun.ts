import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../../db/query-rows.js';
import type { InboundEvent } from '../ingest.js';
import { asRecord, asString, forbidden, parseJson, present, type Provider } from './provider.js';

/**
 * Mailgun's webhooks (JSON `{signature: {timestamp, token, signature}, "event-data": {…}}`):
 * the signature is the hex HMAC-SHA256 of timestamp + token under the webhook signing key
 * (MAILGUN_WEBHOOK_SIGNING_KEY). A timestamp outside the replay window, or a token already
 * accepted within it, is refused (Mailgun's "Securing webhooks").
 */
export function mailgunProvider(signingKey: string, replayWindowSeconds = 300): Provider {
  return {
    async verify({ body, db }) {
      const signature = asRecord(asRecord(safeJson(body)).signature);
      const timestamp = String(signature.timestamp ?? '');
      const token = asString(signature.token) ?? '';
      const given = asString(signature.signature) ?? '';
      const expected = createHmac('sha256', signingKey)
        .update(timestamp + token)
        .digest('hex');
      const valid =
        /^\d{1,12}$/.test(timestamp) &&
        token.length > 0 &&
        token.length <= 200 &&
        given.length === expected.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      if (!valid) throw forbidden('Invalid Mailgun webhook signature.');
      if (Math.abs(Date.now() / 1000 - Number(timestamp)) > replayWindowSeconds)
        throw forbidden('The Mailgun webhook signature is outside the replay window.');
      const [used] = await queryRows<{ token: string }>(
        db,
        sql`SELECT token FROM provider_webhook_tokens WHERE provider = 'mailgun' AND token = ${token}`,
      );
      if (used) throw forbidden('This Mailgun webhook token was already used.');
    },
    // Kept once the events are recorded: a request that failed half-way may be retried.
    async accepted({ body, db }) {
      const token = asString(asRecord(asRecord(safeJson(body)).signature).token);
      // One statement: the tokens past the window go as this one is kept.
      await db.execute(sql`WITH expired AS (DELETE FROM provider_webhook_tokens
          WHERE provider = 'mailgun' AND seen < now() - ${2 * replayWindowSeconds} * interval '1 second')
        INSERT INTO provider_webhook_tokens (provider, token)
        VALUES ('mailgun', ${token}) ON CONFLICT DO NOTHING`);
    },
    async events({ body }) {
      const data = asRecord(asRecord(parseJson(body))['event-data']);
      const email = asString(data.recipient);
      if (!email) return [];
      const headers = asRecord(asRecord(data.message).headers);
      const base = {
        source: 'mailgun',
        email,
        envelopeTo: [asString(asRecord(data.envelope).sender)].filter((s) => s !== undefined),
        ...present({ eventId: asString(data.id), messageId: asString(headers['message-id']) }),
      };
      const status = asRecord(data['delivery-status']);
      const reason = [status.code, asString(status.description) ?? asString(status.message)]
        .filter((p) => p !== undefined && p !== '')
        .join(' ')
        .slice(0, 1000);
      const events: InboundEvent[] = [];
      // `failed` temporary: Mailgun still retries unless it says it gave up.
      if (data.event === 'failed' && data.severity === 'permanent')
        events.push({ ...base, kind: 'bounce', hard: true, reason });
      else if (data.event === 'failed' && data.reason === 'max-retries-exceeded')
        events.push({ ...base, kind: 'bounce', hard: false, reason });
      else if (data.event === 'complained')
        events.push({ ...base, kind: 'complaint', feedbackType: 'abuse' });
      else if (data.event === 'unsubscribed') events.push({ ...base, kind: 'unsubscribe' });
      return events;
    },
  };
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return {};
  }
}
