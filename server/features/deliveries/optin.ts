import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query-rows.js';
import type { SendingContext } from './sender.js';

/**
 * Double opt-in: a `pending` subscriber of a double-opt-in list created in the last day
 * (by the API, a form or an import) gets one confirmation message whose signed link
 * (GET /c/{token} shows a button; only its POST makes them `active`). The day's window keeps
 * pending subscribers from before this feature (or from restored data) from being mailed by surprise.
 * The confirmation row is written before sending: a crash loses that one message rather
 * than mailing a person twice.
 */
export async function sendOptinConfirmations(ctx: SendingContext, limit = 100) {
  const rows = await queryRows<{
    id: number;
    email: string;
    name: string;
    from_name: string;
    from_email: string;
  }>(
    ctx.db,
    sql`
    WITH due AS (
      SELECT s.id FROM subscribers s JOIN lists l ON l.id = s.list_id AND l.double_opt_in
       WHERE s.subscription = 'pending' AND s.create_datetime > now() - interval '1 day'
         AND NOT EXISTS (SELECT 1 FROM optin_confirmations c WHERE c.subscriber_id = s.id)
       LIMIT ${limit}
    ), claimed AS (
      INSERT INTO optin_confirmations (subscriber_id) SELECT id FROM due
      ON CONFLICT DO NOTHING RETURNING subscriber_id
    )
    SELECT s.id, s.email, l.name, l.default_from_name AS from_name,
           l.default_from_email AS from_email
      FROM claimed c JOIN subscribers s ON s.id = c.subscriber_id JOIN lists l ON l.id = s.list_id`,
  );
  const base = ctx.baseUrl();
  for (const r of rows) {
    const url = `${base}/c/${ctx.signer.sign({ kind: 'a', subscriber: r.id })}`;
    const domain = r.from_email.split('@')[1] || 'mailboard.invalid';
    const text = `Please confirm that you want to receive "${r.name}":\n\n${url}\n\nIf you did not ask for this, ignore this message.`;
    const html = `<!doctype html><html><body><p>Please confirm that you want to receive <strong>${escape(r.name)}</strong>:</p><p><a href="${escape(url)}">Confirm my subscription</a></p><p>If you did not ask for this, ignore this message.</p></body></html>`;
    await ctx.transport.send(
      {
        from: { name: r.from_name, address: r.from_email },
        to: r.email,
        subject: `Please confirm your subscription to ${r.name}`,
        html,
        text,
        messageId: `<optin-${r.id}-${Date.now()}@${domain}>`,
        unsubscribeUrl: `${base}/u/${ctx.signer.sign({ kind: 'u', subscriber: r.id, delivery: 0 })}`,
      },
      { deliveryId: null, mailingId: null },
    );
  }
  return rows.length;
}

const escape = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
