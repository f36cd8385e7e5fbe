import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';
import type { RawRow } from '../../../db/raw-row.js';
import type { optinConfirmations } from '../../../db/schema/index.js';
import type { SendingContext } from '../context.js';
import type { SendOutcome } from '../message/transport.js';
import { manageLink, manageUrl } from '../message/manage-link.js';
import { optinMail } from './optin-texts.js';

/**
 * Double opt-in: a `pending` subscriber of a double-opt-in list created in the last day
 * (by the API, a form or an import) gets one confirmation message whose signed link
 * (GET /c/{token} shows a button; only its POST makes them `active`). The day's window keeps
 * pending subscribers from before this feature (or from restored data) from being mailed by surprise.
 * The message is a queue row (`optin_confirmations`) with the recipients' retries, lease and
 * fixed Message-ID; its outcome (sent, or given up) is written to the subscriber's history.
 * Returns how many messages it tried.
 */
export async function sendOptinConfirmations(ctx: SendingContext, limit = 100) {
  const { db, options } = ctx;
  await db.execute(sql`
    INSERT INTO optin_confirmations (subscriber_id, state, message_id)
    SELECT s.id, 'queued',
           '<optin-' || gen_random_uuid() || '@'
             || COALESCE(NULLIF(split_part(l.default_from_email, '@', 2), ''), 'mailboard.invalid')
             || '>'
      FROM subscribers s JOIN lists l ON l.id = s.list_id AND l.double_opt_in
     WHERE s.subscription = 'pending' AND s.create_datetime > now() - interval '1 day'
       AND NOT EXISTS (SELECT 1 FROM optin_confirmations c WHERE c.subscriber_id = s.id)
     LIMIT ${limit}
    ON CONFLICT DO NOTHING`);
  const rows = await queryRows<{
    id: number;
    list_id: number;
    email: string;
    language: string;
    name: string;
    also_lists: string[];
    from_name: string;
    from_email: string;
    attempts: number;
    message_id: string;
    lease: string;
  }>(
    db,
    sql`
    WITH due AS (
      SELECT c.subscriber_id FROM optin_confirmations c
       WHERE (c.state = 'queued' AND c.next_attempt_datetime <= now())
          OR (c.state = 'sending' AND c.locked_until < now())
       LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE optin_confirmations c
         SET state = 'sending', attempts = c.attempts + 1,
             locked_until = clock_timestamp() + ${options.leaseMs} * interval '1 millisecond'
        FROM due WHERE c.subscriber_id = due.subscriber_id
      RETURNING c.subscriber_id, c.attempts, c.message_id, c.locked_until
    )
    SELECT s.id, s.list_id, s.email, s.language, l.name, l.default_from_name AS from_name,
           l.default_from_email AS from_email, c.attempts, c.message_id,
           c.locked_until::text AS lease,
           ARRAY(SELECT o.name FROM optin_confirmations oc JOIN subscribers os ON os.id = ANY (oc.also_subscribers)
                   JOIN lists o ON o.id = os.list_id
                  WHERE oc.subscriber_id = s.id ORDER BY o.id) AS also_lists
      FROM claimed c JOIN subscribers s ON s.id = c.subscriber_id JOIN lists l ON l.id = s.list_id`,
  );
  const base = ctx.baseUrl();
  for (const r of rows) {
    const url = `${base}/c/${ctx.signer.sign({ kind: 'a', subscriber: r.id })}`;
    // A form's submission for several lists: one mail confirms them all (also_lists).
    const mail = optinMail(r.language, [r.name, ...r.also_lists], url);
    // Every message carries the preference centre's link (issue 50).
    const manage = manageLink(manageUrl(base, ctx.signer, r.id), mail.language);
    const outcome = await ctx.transport.send(
      {
        from: { name: r.from_name, address: r.from_email },
        to: r.email,
        subject: mail.subject,
        html: mail.html.replace('</body>', `<p>${manage.html}</p></body>`),
        text: `${mail.text}\n\n${manage.text}`,
        language: mail.language,
        messageId: r.message_id,
        unsubscribeUrl: `${base}/u/${ctx.signer.sign({ kind: 'u', subscriber: r.id, delivery: 0 })}`,
      },
      // A list's mail to its subscriber, shown in the Outbox as deliveries are.
      { deliveryId: null, mailingId: null, kind: 'delivery' },
    );
    await recordOutcome(db, r, outcome, ctx.options);
  }
  return rows.length;
}

/**
 * A temporary refusal or a server fault is tried again later (3× longer each time, a fault
 * without using up an attempt); a refusal for good, or the last attempt, gives up. Sent and
 * given-up messages go into the subscriber's history.
 */
async function recordOutcome(
  db: Executor,
  r: { id: number; list_id: number; attempts: number; lease: string },
  outcome: SendOutcome,
  options: { retryBaseMs: number; maxAttempts: number },
) {
  const error = outcome.kind === 'sent' ? '' : outcome.error;
  const retry = outcome.kind === 'fault' || outcome.kind === 'temporary';
  const state =
    outcome.kind === 'sent'
      ? 'sent'
      : retry && (outcome.kind === 'fault' || r.attempts < options.maxAttempts)
        ? 'queued'
        : 'failed';
  const waitMs = options.retryBaseMs * 3 ** Math.max(0, r.attempts - 1);
  const [written] = await queryRows<Pick<RawRow<typeof optinConfirmations>, 'subscriber_id'>>(
    db,
    sql`UPDATE optin_confirmations
           SET state = ${state}, last_error = ${error}, locked_until = NULL,
               attempts = attempts - ${outcome.kind === 'fault' ? 1 : 0},
               next_attempt_datetime = now() + ${waitMs} * interval '1 millisecond',
               sent_datetime = CASE WHEN ${state} = 'sent' THEN now() ELSE sent_datetime END
         WHERE subscriber_id = ${r.id} AND state = 'sending' AND locked_until::text = ${r.lease}
        RETURNING subscriber_id`,
  );
  if (!written || state === 'queued') return;
  await db.execute(sql`
    INSERT INTO subscriber_history (list_id, subscriber_id, kind, field, new_value)
    VALUES (${r.list_id}, ${r.id}, 'message', 'confirmation',
            ${JSON.stringify(state === 'sent' ? 'sent' : `not sent: ${error}`)}::jsonb)`);
}
