import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
} from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  CERT_URL,
  signedSnsMessage,
  TOPIC,
} from '../../server/features/sending/bounces/providers/sns-test-message.js';

/*
 * Requests as each relay sends its events (the shapes of the fixtures in
 * server/test/fixtures/providers): SendGrid posts arrays, signed with ECDSA over timestamp +
 * body; Mailgun, Postmark and SES (through SNS) post one event a request. Recipient i is
 * r<i>@example.test, whose message has the Message-ID <bench-i@acme.example>.
 */

const fixtures = fileURLToPath(new URL('../../server/test/fixtures/', import.meta.url));
const MAILGUN_KEY = 'bench-mailgun-signing-key';
const POSTMARK = { username: 'postmark', password: 'bench postmark password' };
/** The SendGrid key pair: made here, or handed to a client process in PROVIDER_BENCH_SENDGRID_KEY. */
const given = process.env.PROVIDER_BENCH_SENDGRID_KEY;
const sendgridKeys = given
  ? { privateKey: createPrivateKey(given), publicKey: createPublicKey(given) }
  : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
export const sendgridKeyPem = () =>
  sendgridKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

export type Offer = { provider: string; headers: Record<string, string>; body: string };

/** The app's provider options that accept what these requests are signed with. */
export async function providerOptions() {
  const cert = await readFile(`${fixtures}sns-test-cert.pem`, 'utf8');
  return {
    ses: {
      topicArns: [TOPIC],
      fetchText: async (url: string) => {
        if (url !== CERT_URL) throw new Error(`unexpected ${url}`);
        return cert;
      },
    },
    sendgrid: {
      publicKey: sendgridKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    },
    mailgun: { signingKey: MAILGUN_KEY },
    postmark: POSTMARK,
  };
}

const messageId = (i: number) => `<bench-${i}@acme.example>`;
const email = (i: number) => `r${i}@example.test`;

/** A SendGrid batch: a hard bounce of each recipient; its retry is the same body re-signed. */
export function sendgrid(recipients: number[]): Offer {
  const body = JSON.stringify(
    recipients.map((i) => ({
      email: email(i),
      timestamp: Math.floor(Date.now() / 1000),
      'smtp-id': messageId(i),
      event: 'bounce',
      type: 'bounce',
      reason: '550 5.1.1 The email account that you tried to reach does not exist.',
      status: '5.1.1',
      sg_event_id: `bench-sg-${i}`,
      sg_message_id: `bench-sg-message-${i}`,
    })),
  );
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign('sha256', Buffer.from(timestamp + body), sendgridKeys.privateKey);
  return {
    provider: 'sendgrid',
    headers: {
      'x-twilio-email-event-webhook-timestamp': timestamp,
      'x-twilio-email-event-webhook-signature': signature.toString('base64'),
    },
    body,
  };
}

/** A Mailgun `failed` permanent event; a retry carries a fresh signature token. */
export function mailgun(i: number): Offer {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  const body = JSON.stringify({
    signature: {
      timestamp,
      token,
      signature: createHmac('sha256', MAILGUN_KEY)
        .update(timestamp + token)
        .digest('hex'),
    },
    'event-data': {
      id: `bench-mg-${i}`,
      event: 'failed',
      severity: 'permanent',
      recipient: email(i),
      'delivery-status': { code: 550, description: 'No such user' },
      message: { headers: { 'message-id': messageId(i).slice(1, -1) } },
    },
  });
  return { provider: 'mailgun', headers: {}, body };
}

/** A Postmark hard bounce behind Basic credentials (Postmark's MessageID is its own). */
export function postmark(i: number): Offer {
  const body = JSON.stringify({
    RecordType: 'Bounce',
    MessageStream: 'outbound',
    ID: 4_000_000_000 + i,
    Type: 'HardBounce',
    TypeCode: 1,
    MessageID: `bench-pm-message-${i}`,
    Description:
      'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
    Details: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
    Email: email(i),
    From: 'news@acme.example',
    BouncedAt: new Date().toISOString(),
  });
  const basic = Buffer.from(`${POSTMARK.username}:${POSTMARK.password}`).toString('base64');
  return { provider: 'postmark', headers: { authorization: `Basic ${basic}` }, body };
}

/** An SES bounce notification through SNS; SNS retries a message with its MessageId. */
export function ses(key: string, i: number): Offer {
  const message = JSON.stringify({
    notificationType: 'Bounce',
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [
        {
          emailAddress: email(i),
          status: '5.1.1',
          action: 'failed',
          diagnosticCode: 'smtp; 550 5.1.1 User unknown',
        },
      ],
      timestamp: new Date().toISOString(),
      feedbackId: `bench-ses-feedback-${i}`,
    },
    mail: {
      source: 'news@acme.example',
      messageId: `bench-ses-message-${i}`,
      destination: [email(i)],
      commonHeaders: { to: [email(i)], messageId: messageId(i), subject: 'Hi' },
    },
  });
  const body = JSON.stringify(
    signedSnsMessage(key, 'Notification', message, { MessageId: `bench-sns-${i}` }),
  );
  return { provider: 'ses', headers: {}, body };
}

export const snsKey = () => readFile(`${fixtures}sns-test-key.pem`, 'utf8');
