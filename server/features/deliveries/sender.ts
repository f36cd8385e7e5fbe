import type { Db } from '../../db/client.js';
import { recordBounce } from './bounces.js';
import {
  claimRecipients,
  deliveryMaterial,
  finishDrained,
  markMissed,
  recordResults,
  startDueDelivery,
  type ClaimedRecipient,
  type RecipientResult,
} from './engine-queries.js';
import type { SendingOptions } from './options.js';
import { compileVariant, renderMessage, type VariantTemplate } from './render.js';
import { personalFields } from './personal-fields.js';
import type { Signer } from './tokens.js';
import type { Transport } from './transport.js';

export type SendingContext = {
  db: Db;
  options: SendingOptions;
  transport: Transport;
  signer: Signer;
  baseUrl: () => string;
};

type Material = { template: VariantTemplate; mailingId: number };

/**
 * One round of the delivery engine: overdue deliveries become missed, due ones start, and
 * one batch of due recipients is sent. Returns how many recipients it handled (0 = idle).
 */
export async function sendRound(ctx: SendingContext, cache = new Map<number, Material>()) {
  const { db, options } = ctx;
  await markMissed(db, options.graceMs);
  while ((await startDueDelivery(db)) !== null);
  const batch = Math.max(options.concurrency, Math.min(500, options.concurrency * 20));
  const claimed = await claimRecipients(db, batch, options.leaseMs);
  if (claimed.length > 0) {
    const results = await sendAll(ctx, claimed, cache);
    await recordResults(db, results);
    for (const r of results.filter((x) => x.state === 'bounced')) {
      const recipient = claimed.find((c) => c.id === r.id)!;
      await recordBounce(
        db,
        { deliveryId: recipient.deliveryId, email: recipient.email, hard: true },
        options,
      );
    }
  }
  await finishDrained(db);
  return claimed.length;
}

async function material(ctx: SendingContext, cache: Map<number, Material>, deliveryId: number) {
  let found = cache.get(deliveryId);
  if (!found) {
    const row = await deliveryMaterial(ctx.db, deliveryId);
    if (!row) return undefined;
    found = {
      mailingId: row.mailing_id,
      template: compileVariant(
        {
          fromName: row.from_name,
          fromEmail: row.from_email,
          replytoEmail: row.replyto_email,
          subject: row.subject,
          layoutText: row.text,
          layoutSource: row.source,
        },
        ctx.baseUrl(),
      ),
    };
    if (cache.size > 100) cache.clear();
    cache.set(deliveryId, found);
  }
  return found;
}

/** Sends a claimed batch, `concurrency` messages in flight at once. */
async function sendAll(
  ctx: SendingContext,
  claimed: ClaimedRecipient[],
  cache: Map<number, Material>,
): Promise<RecipientResult[]> {
  const { options } = ctx;
  const results: RecipientResult[] = [];
  // Past half the lease, the rest of the batch is given back unsent rather than risk another
  // replica taking over rows still being sent here (a slow server, a stalled process).
  const deadline = performance.now() + options.leaseMs / 2;
  const fields = await batchFields(ctx, claimed, cache);
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) {
      const r = claimed[next++]!;
      if (performance.now() > deadline) {
        results.push({
          id: r.id,
          lease: r.lease,
          state: 'queued',
          messageId: '',
          response: '',
          error: '',
          retryInMs: 0,
          released: true,
        });
        continue;
      }
      results.push(
        await sendOne(
          ctx,
          r,
          await material(ctx, cache, r.deliveryId),
          r.subscriberId === null ? undefined : fields.get(r.subscriberId),
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, lane));
  return results;
}

/** Recipients' field values, loaded only when a template of the batch has personalisation tags. */
async function batchFields(
  ctx: SendingContext,
  claimed: ClaimedRecipient[],
  cache: Map<number, Material>,
) {
  const ids = new Set(claimed.map((r) => r.deliveryId));
  let personal = false;
  for (const id of ids) personal ||= (await material(ctx, cache, id))?.template.personal ?? false;
  return personal
    ? personalFields(
        ctx.db,
        claimed.flatMap((r) => (r.subscriberId === null ? [] : [r.subscriberId])),
      )
    : new Map<number, Record<string, unknown>>();
}

async function sendOne(
  ctx: SendingContext,
  r: ClaimedRecipient,
  m: Material | undefined,
  fields?: Record<string, unknown>,
): Promise<RecipientResult> {
  const base = { id: r.id, lease: r.lease, messageId: '', response: '', error: '', retryInMs: 0 };
  if (!m) return { ...base, state: 'failed', error: 'The mailing was deleted.' };
  const who = ctx.options.tracking === 'counts' ? `d${r.deliveryId}` : String(r.id);
  const message = renderMessage(
    m.template,
    { who, email: r.email, subscriberId: r.subscriberId, deliveryId: r.deliveryId, fields },
    ctx.baseUrl(),
    ctx.signer,
  );
  const outcome = await ctx.transport.send(message, {
    deliveryId: r.deliveryId,
    mailingId: m.mailingId,
  });
  const withId = { ...base, messageId: message.messageId };
  if (outcome.kind === 'sent') return { ...withId, state: 'sent', response: outcome.response };
  if (outcome.kind === 'permanent') return { ...withId, state: 'bounced', error: outcome.error };
  const retryInMs = ctx.options.retryBaseMs * 3 ** (r.attempts - 1);
  return {
    ...withId,
    state: r.attempts >= ctx.options.maxAttempts ? 'failed' : 'queued',
    error: outcome.error,
    retryInMs,
  };
}
