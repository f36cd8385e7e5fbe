import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DashboardLocale } from '../../../../contract/dashboard-locales.js';
import { escapeHtml } from '../../../../contract/escape-html.js';

/**
 * What the service's own mail to users (invitations, password resets) needs of the delivery
 * engine: its transport (SMTP_URL or the embedded outbox) and its public URL. Structural, so
 * features reach the engine through `app.sending` without importing its internals.
 */
export type SystemMailer = {
  transport: {
    send(
      message: {
        from: { name: string; address: string };
        to: string;
        subject: string;
        html: string;
        text: string;
        messageId: string;
      },
      refs: { deliveryId: null; mailingId: null },
    ): Promise<{ kind: string; error?: string }>;
  };
  baseUrl(): string;
  options: { mailFrom?: string };
};

/** The delivery engine's mailer; read when a message goes out (the plugin registers later). */
export const systemMailerOf = (app: FastifyInstance): SystemMailer =>
  (app as unknown as { sending: SystemMailer }).sending;

/** The service's From address: MAIL_FROM, or mailboard@ the public host. */
function senderOf(mailer: SystemMailer) {
  const base = mailer.baseUrl();
  const host = (URL.canParse(base) && new URL(base).hostname) || 'localhost';
  return mailer.options.mailFrom ?? `mailboard@${host.includes('.') ? host : `${host}.invalid`}`;
}

/** Hands one message to the transport; throws when it is refused. */
async function deliver(
  mailer: SystemMailer,
  mail: { to: string; subject: string; text: string; html: string },
) {
  const address = senderOf(mailer);
  const outcome = await mailer.transport.send(
    {
      from: { name: 'Mailboard', address },
      ...mail,
      messageId: `<${randomUUID()}@${address.split('@')[1]}>`,
    },
    { deliveryId: null, mailingId: null },
  );
  if (outcome.kind !== 'sent') throw new Error(`Mail to ${mail.to} not sent: ${outcome.error}`);
}

/**
 * One message with one link. Throws when the transport refuses it, so the caller can answer
 * accordingly (an invitation that was not sent is shown as such).
 */
export async function sendLinkMail(
  mailer: SystemMailer,
  mail: {
    to: string;
    locale: DashboardLocale;
    subject: string;
    intro: string;
    action: string;
    path: string;
    outro: string;
  },
) {
  const url = `${mailer.baseUrl()}${mail.path}`;
  await deliver(mailer, {
    to: mail.to,
    subject: mail.subject,
    text: `${mail.intro}\n\n${mail.action}: ${url}\n\n${mail.outro}\n`,
    html: `<!doctype html><html lang="${mail.locale}"><body><p>${escapeHtml(mail.intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(mail.action)}</a></p><p>${escapeHtml(mail.outro)}</p></body></html>`,
  });
}

/**
 * A notice without any link (a security notice: a link in it would teach users to follow
 * links in such mails). Throws when the transport refuses it.
 */
export async function sendNoticeMail(
  mailer: SystemMailer,
  mail: { to: string; locale: DashboardLocale; subject: string; paragraphs: string[] },
) {
  await deliver(mailer, {
    to: mail.to,
    subject: mail.subject,
    text: `${mail.paragraphs.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${mail.locale}"><body>${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body></html>`,
  });
}
