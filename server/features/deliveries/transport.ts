import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { OutgoingMessage } from './render.js';
import { tokenBucket } from './token-bucket.js';

/** What became of one message: accepted, or refused for now, or refused for good (5xx). */
export type SendOutcome =
  | { kind: 'sent'; response: string }
  | { kind: 'temporary'; error: string }
  | { kind: 'permanent'; error: string };

export type Transport = {
  send(
    message: OutgoingMessage,
    refs: { deliveryId: number | null; mailingId: number | null },
  ): Promise<SendOutcome>;
  close(): void;
};

/** The headers every message carries (also what the outbox shows). */
export function messageHeaders(m: OutgoingMessage): Record<string, string> {
  if (!m.unsubscribeUrl) return { 'Message-ID': m.messageId };
  return {
    'Message-ID': m.messageId,
    'List-Unsubscribe': `<${m.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const formatFrom = (m: OutgoingMessage) =>
  m.from.name ? `"${m.from.name.replace(/["\\]/g, '')}" <${m.from.address}>` : m.from.address;

/** nodemailer's error → temporary (4xx, connection, timeout) or permanent (5xx). */
export function classifySmtpError(error: unknown): SendOutcome {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const text = (e.response ?? e.message ?? String(error)).slice(0, 1000);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600) {
    return { kind: 'permanent', error: text };
  }
  return { kind: 'temporary', error: e.code ? `${e.code}: ${text}` : text };
}

/**
 * SMTP_URL: one pooled nodemailer transport per server (TLS as its URL says: smtps:// or
 * STARTTLS upgrades), each behind its own token bucket; a message goes to the server whose
 * turn it is, so comma-separated servers share the load.
 */
export function smtpTransport(
  urls: string[],
  ratePerServer: number,
  concurrency: number,
  /** Longest wait for a server; kept well inside the send lease (options.leaseMs). */
  timeoutMs = 20_000,
): Transport {
  const servers: { transporter: Transporter; bucket: ReturnType<typeof tokenBucket> }[] = urls.map(
    (url) => ({
      transporter: nodemailer.createTransport(url, {
        pool: true,
        maxConnections: Math.max(1, concurrency),
        maxMessages: Infinity,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      } as never),
      bucket: tokenBucket(ratePerServer),
    }),
  );
  let turn = 0;
  return {
    async send(m) {
      const server = servers[turn++ % servers.length]!;
      await server.bucket.take();
      try {
        const info = (await server.transporter.sendMail({
          from: formatFrom(m),
          to: m.to,
          ...(m.replyTo ? { replyTo: m.replyTo } : {}),
          subject: m.subject,
          html: m.html,
          text: m.text,
          messageId: m.messageId,
          ...(m.unsubscribeUrl
            ? {
                headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
                list: { unsubscribe: { url: m.unsubscribeUrl, comment: 'Unsubscribe' } },
              }
            : {}),
        })) as { response?: string; rejected?: unknown[]; rejectedErrors?: unknown[] };
        if (info.rejected?.length) {
          return classifySmtpError(info.rejectedErrors?.[0] ?? new Error('Recipient rejected'));
        }
        return { kind: 'sent', response: info.response ?? '' };
      } catch (error) {
        return classifySmtpError(error);
      }
    },
    close() {
      for (const s of servers) s.transporter.close();
    },
  };
}

/**
 * No SMTP_URL: messages land in the `outbox_messages` table (the dashboard's Outbox), the
 * newest `cap` kept, so the whole loop works right after `npm start`.
 */
export function outboxTransport(db: Executor, cap: number): Transport {
  let sinceTrim = 0;
  return {
    async send(m, refs) {
      const headers = {
        From: formatFrom(m),
        To: m.to,
        Subject: m.subject,
        ...(m.replyTo ? { 'Reply-To': m.replyTo } : {}),
        ...messageHeaders(m),
      };
      await db.execute(sql`
        INSERT INTO outbox_messages
          (delivery_id, mailing_id, recipient, sender, subject, message_id, headers, html, text)
        VALUES (${refs.deliveryId}, ${refs.mailingId}, ${m.to}, ${formatFrom(m)}, ${m.subject},
                ${m.messageId}, ${JSON.stringify(headers)}::jsonb, ${m.html}, ${m.text})`);
      if (++sinceTrim >= 200) {
        sinceTrim = 0;
        await trimOutbox(db, cap);
      }
      return { kind: 'sent', response: '250 stored in the outbox' };
    },
    close() {},
  };
}

export async function trimOutbox(db: Executor, cap: number) {
  await db.execute(sql`
    DELETE FROM outbox_messages WHERE id <= (
      SELECT id FROM outbox_messages ORDER BY id DESC OFFSET ${cap} LIMIT 1)`);
}
