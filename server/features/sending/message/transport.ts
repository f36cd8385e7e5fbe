import { Transform } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import type { OutboxKind } from '../../../db/schema/index.js';
import type { OutgoingMessage } from './render.js';
import { tokenBucket, type RateBucket } from '../engine/token-bucket.js';
import { dkimOption, type DkimSettings } from './dkim.js';
import type { Verp } from './verp.js';

/**
 * What became of one message: accepted; refused for now (4xx, network: retried); refused
 * for good for this recipient (a 5xx to RCPT TO, or at DATA naming them: a hard bounce); or a
 * server fault (login, connection, TLS, sender or message refused: nobody's fault but the
 * configuration's, so the delivery pauses with `error` shown and nobody's state changes).
 */
export type SendOutcome =
  | { kind: 'sent'; response: string }
  | { kind: 'temporary'; error: string }
  | { kind: 'permanent'; error: string }
  | { kind: 'fault'; error: string };

export type SendRefs = {
  deliveryId: number | null;
  mailingId: number | null;
  /**
   * What the message is, for the outbox (issue 49: system mail is shown only redacted, to
   * users:manage holders). Unsaid: a delivery's if it names one, a test if it names only a
   * mailing, otherwise system mail, so mail nobody labelled stays hidden.
   */
  kind?: OutboxKind;
  /**
   * The message's end (SMTP's final ".") is sent only once this settles: the sender passes the
   * commit of its previous result, so the next message travels while that result is written
   * and a relay, which accepts a message only at its end, never holds two unrecorded ones from
   * one lane. If it rejects, the connection is dropped before the end: the message is not
   * accepted (docs/decisions/delivery-engine.md).
   */
  acceptAfter?: Promise<unknown> | undefined;
};

export type Transport = {
  send(message: OutgoingMessage, refs: SendRefs): Promise<SendOutcome>;
  close(): void;
};

/**
 * The message as one chunk, released only once `gate` (if any) resolves; fails it if the
 * gate rejects. nodemailer streams a message in a chunk per header block, MIME part and
 * encoded run, and each chunk became a write to the relay's socket: 14 writes for one
 * message of the benchmark, 5 with this. In a CPU profile of the engine those system calls
 * took a third of the server's time. A message is held in memory only while its lane sends
 * it (at most `SEND_CONCURRENCY` per process).
 */
const wholeMessage = (gate: Promise<unknown> | undefined) => {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      const release = () => callback(null, Buffer.concat(chunks));
      if (!gate) return release();
      gate.then(release, (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
};

/** Every message goes to the relay whole, its end held back until `acceptAfter` (SendRefs). */
function wholeMessages(transporter: Transporter) {
  transporter.use('stream', (mail, done) => {
    const gate = (mail.data as { acceptAfter?: Promise<unknown> }).acceptAfter;
    mail.message.transform(() => wholeMessage(gate));
    done();
  });
  return transporter;
}

/** The headers every message carries (also what the outbox shows). */
export function messageHeaders(m: OutgoingMessage): Record<string, string> {
  const language: Record<string, string> = m.language ? { 'Content-Language': m.language } : {};
  if (!m.unsubscribeUrl) return { 'Message-ID': m.messageId, ...language };
  return {
    'Message-ID': m.messageId,
    'List-Unsubscribe': `<${m.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    ...language,
  };
}

const formatFrom = (m: OutgoingMessage) =>
  m.from.name ? `"${m.from.name.replace(/["\\]/g, '')}" <${m.from.address}>` : m.from.address;

type SmtpError = {
  responseCode?: number;
  response?: string;
  code?: string;
  command?: string;
  message?: string;
};

/** Why a server fault happened, by the SMTP command that got the refusal. */
function faultText(command: string, text: string) {
  if (command.startsWith('AUTH') || command === 'API') {
    return `The SMTP server refused the login: ${text}`;
  }
  if (command === 'MAIL FROM') return `The SMTP server refused the sender address: ${text}`;
  if (command === 'DATA') return `The SMTP server refused the message: ${text}`;
  if (command === 'STARTTLS') return `The TLS connection to the SMTP server failed: ${text}`;
  return `The SMTP server refused the connection: ${text}`;
}

/**
 * nodemailer's error → outcome, by stage (`command`) and code (docs/decisions/delivery-engine.md):
 * 5xx to RCPT TO, or at DATA with the recipient's address in the answer, is that recipient's
 * hard bounce; any other 5xx, a refused login, a TLS failure (certificates do not fix
 * themselves) is a server fault; 4xx and network errors are temporary.
 */
export function classifySmtpError(error: unknown, recipient = ''): SendOutcome {
  const e = error as SmtpError;
  const text = (e.response ?? e.message ?? String(error)).slice(0, 1000);
  const command = (e.command ?? '').toUpperCase().trim();
  const code = e.responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) {
    if (command === 'RCPT TO') return { kind: 'permanent', error: text };
    const names = recipient !== '' && text.toLowerCase().includes(recipient.toLowerCase());
    if (command === 'DATA' && names) return { kind: 'permanent', error: text };
    return { kind: 'fault', error: faultText(command, text) };
  }
  if (code === undefined && e.code === 'EAUTH')
    return { kind: 'fault', error: faultText('AUTH', text) };
  const tls = e.code === 'ETLS' || (e.code === 'ESOCKET' && /certificate|CERT_|SSL/.test(text));
  if (code === undefined && tls) return { kind: 'fault', error: faultText('STARTTLS', text) };
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
  /** Sender authentication (dkim.ts, verp.ts): DKIM signing and VERP envelope senders. */
  sender: { dkim?: DkimSettings | undefined; verp?: Verp | undefined } = {},
  /** The rate limit of one server (default: this process's own; engine/shared-rate.ts: everyone's). */
  bucketFor: (url: string) => RateBucket = () => tokenBucket(ratePerServer),
): Transport {
  const servers: { transporter: Transporter; bucket: RateBucket }[] = urls.map((url) => ({
    // The options go in one object with the URL: a second argument would be message
    // defaults, leaving a connection per message and nodemailer's minutes-long timeouts.
    transporter: wholeMessages(
      nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: Math.max(1, concurrency),
        maxMessages: Infinity,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        ...(sender.dkim ? { dkim: dkimOption(sender.dkim) } : {}),
      } as never),
    ),
    bucket: bucketFor(url),
  }));
  let turn = 0;
  return {
    async send(m, refs) {
      const server = servers[turn++ % servers.length]!;
      try {
        await server.bucket.take(); // a database error here is temporary, like a network one
        const info = (await server.transporter.sendMail({
          from: formatFrom(m),
          to: m.to,
          ...(m.replyTo ? { replyTo: m.replyTo } : {}),
          subject: m.subject,
          html: m.html,
          text: m.text,
          messageId: m.messageId,
          ...(refs.acceptAfter ? { acceptAfter: refs.acceptAfter } : {}),
          ...(m.language ? { headers: { 'Content-Language': m.language } } : {}),
          ...(m.unsubscribeUrl
            ? {
                headers: {
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                  ...(m.language ? { 'Content-Language': m.language } : {}),
                },
                list: { unsubscribe: { url: m.unsubscribeUrl, comment: 'Unsubscribe' } },
              }
            : {}),
          ...(sender.verp && m.bounceRef
            ? { envelope: { from: sender.verp.address(m.bounceRef), to: [m.to] } }
            : {}),
        })) as { response?: string; rejected?: unknown[]; rejectedErrors?: unknown[] };
        if (info.rejected?.length) {
          const refusal = info.rejectedErrors?.[0] ?? { message: 'Recipient rejected' };
          return classifySmtpError({ command: 'RCPT TO', ...(refusal as object) }, m.to);
        }
        return { kind: 'sent', response: info.response ?? '' };
      } catch (error) {
        return classifySmtpError(error, m.to);
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
      // As with a relay: the message is stored only once the previous result is.
      try {
        await refs.acceptAfter;
      } catch {
        return { kind: 'temporary', error: 'Not stored: the previous result was not recorded.' };
      }
      const headers = {
        From: formatFrom(m),
        To: m.to,
        Subject: m.subject,
        ...(m.replyTo ? { 'Reply-To': m.replyTo } : {}),
        ...messageHeaders(m),
      };
      await db.execute(sql`
        INSERT INTO outbox_messages
          (delivery_id, mailing_id, recipient, sender, subject, message_id, headers, html, text,
           kind)
        VALUES (${refs.deliveryId}, ${refs.mailingId}, ${m.to}, ${formatFrom(m)}, ${m.subject},
                ${m.messageId}, ${JSON.stringify(headers)}::jsonb, ${m.html}, ${m.text},
                ${outboxKind(refs)})`);
      if (++sinceTrim >= 200) {
        sinceTrim = 0;
        await trimOutbox(db, cap);
      }
      return { kind: 'sent', response: '250 stored in the outbox' };
    },
    close() {},
  };
}

const outboxKind = (refs: SendRefs): OutboxKind =>
  refs.kind ??
  (refs.deliveryId !== null ? 'delivery' : refs.mailingId !== null ? 'test' : 'system');

export async function trimOutbox(db: Executor, cap: number) {
  await db.execute(sql`
    DELETE FROM outbox_messages WHERE id <= (
      SELECT id FROM outbox_messages ORDER BY id DESC OFFSET ${cap} LIMIT 1)`);
}
