import { X509Certificate, verify as verifySignature } from 'node:crypto';
import type { InboundEvent } from '../ingest.js';
import type { SesOptions } from './options.js';
import { asRecord, asString, forbidden, parseJson, present, type Provider } from './provider.js';

/** Amazon SNS's own hosts only: sns.<region>.amazonaws.com (and .com.cn). */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;
const TYPES = new Set(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']);

const snsUrl = (value: unknown, pem = false) => {
  try {
    const url = new URL(String(value));
    return url.protocol === 'https:' &&
      SNS_HOST.test(url.hostname) &&
      (!pem || url.pathname.endsWith('.pem'))
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
};

async function httpsText(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}

/** The string SNS signs: the message's fields in this order, each `Name\nvalue\n`. */
function stringToSign(m: Record<string, unknown>): string | undefined {
  const names =
    m.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  let out = '';
  for (const name of names) {
    if (name === 'Subject' && m.Subject === undefined) continue;
    if (typeof m[name] !== 'string') return undefined;
    out += `${name}\n${m[name] as string}\n`;
  }
  return out;
}

const safeJson = (body: string) => {
  try {
    return asRecord(JSON.parse(body));
  } catch {
    return {};
  }
};

/**
 * Amazon SES notifications through an SNS topic (HTTPS subscription). Each SNS message is
 * verified as AWS documents: a topic of SNS_TOPIC_ARNS, a signing certificate from an SNS
 * host (https://sns.<region>.amazonaws.com/…pem, fetched once), the signature (version 1:
 * SHA1withRSA, 2: SHA256withRSA) over the canonical fields. A SubscriptionConfirmation is
 * confirmed by visiting its SubscribeURL (an SNS host too). SES's Bounce (Permanent: hard,
 * Transient and Undetermined: soft) and Complaint notifications become events; Delivery and
 * anything else is acknowledged and ignored.
 */
export function sesProvider(options: SesOptions): Provider {
  const fetchText = options.fetchText ?? httpsText;
  const certificates = new Map<string, Promise<X509Certificate>>();
  const certificate = (url: string) => {
    let cert = certificates.get(url);
    if (!cert) {
      cert = fetchText(url).then((pem) => new X509Certificate(pem));
      cert.catch(() => certificates.delete(url));
      if (certificates.size > 20) certificates.clear();
      certificates.set(url, cert);
    }
    return cert;
  };
  return {
    async verify({ body }) {
      const m = safeJson(body);
      if (!TYPES.has(String(m.Type)) || !options.topicArns.includes(String(m.TopicArn)))
        throw forbidden('Not an SNS message of an accepted topic (SNS_TOPIC_ARNS).');
      const certUrl = snsUrl(m.SigningCertURL, true);
      const signed = stringToSign(m);
      const version =
        m.SignatureVersion === '2' ? 'sha256' : m.SignatureVersion === '1' ? 'sha1' : undefined;
      if (!certUrl || !signed || !version || typeof m.Signature !== 'string')
        throw forbidden('Invalid SNS message signature.');
      let valid = false;
      try {
        const cert = await certificate(certUrl);
        const now = Date.now();
        valid =
          Date.parse(cert.validFrom) <= now &&
          now <= Date.parse(cert.validTo) &&
          verifySignature(
            version,
            Buffer.from(signed),
            cert.publicKey,
            Buffer.from(m.Signature, 'base64'),
          );
      } catch {
        valid = false;
      }
      if (!valid) throw forbidden('Invalid SNS message signature.');
    },
    async events({ body }) {
      const m = asRecord(parseJson(body));
      if (m.Type === 'SubscriptionConfirmation') {
        const subscribe = snsUrl(m.SubscribeURL);
        if (subscribe) await fetchText(subscribe);
        return [];
      }
      if (m.Type !== 'Notification') return [];
      let message: Record<string, unknown>;
      try {
        message = asRecord(JSON.parse(String(m.Message)));
      } catch {
        return [];
      }
      const mail = asRecord(message.mail);
      const base = {
        source: 'ses',
        envelopeTo: [asString(mail.source)].filter((s) => s !== undefined),
        ...present({
          eventId: asString(m.MessageId),
          messageId: asString(asRecord(mail.commonHeaders).messageId),
        }),
      };
      const type = message.notificationType ?? message.eventType;
      const events: InboundEvent[] = [];
      if (type === 'Bounce') {
        const bounce = asRecord(message.bounce);
        const recipients = Array.isArray(bounce.bouncedRecipients) ? bounce.bouncedRecipients : [];
        for (const r of recipients.map(asRecord)) {
          const email = asString(r.emailAddress);
          if (email)
            events.push({
              ...base,
              kind: 'bounce',
              email,
              hard: bounce.bounceType === 'Permanent',
              reason: (
                asString(r.diagnosticCode) ??
                `${String(bounce.bounceType)} ${String(bounce.bounceSubType)}`
              ).slice(0, 1000),
            });
        }
      } else if (type === 'Complaint') {
        const complaint = asRecord(message.complaint);
        const recipients = Array.isArray(complaint.complainedRecipients)
          ? complaint.complainedRecipients
          : [];
        for (const r of recipients.map(asRecord)) {
          const email = asString(r.emailAddress);
          if (email)
            events.push({
              ...base,
              kind: 'complaint',
              email,
              feedbackType: (asString(complaint.complaintFeedbackType) ?? 'abuse')
                .toLowerCase()
                .slice(0, 40),
            });
        }
      }
      return events;
    },
  };
}
