import type { SendingContext } from '../context.js';
import { personalFields } from '../message/personal-fields.js';
import { compileVariant, renderMessage, type VariantTemplate } from '../message/render.js';
import type { SendOutcome } from '../message/transport.js';
import type { ClaimedRecipient } from './claim.js';
import { deliveryMaterial, type RecipientResult } from './queries.js';

/** What a delivery sends: its variant compiled once, and its mailing (for the outbox). */
export type Material = { template: VariantTemplate; mailingId: number };

/** A round's compiled variants by delivery id (mailings are immutable). */
export type MaterialCache = Map<number, Material>;

/** The delivery's material, compiled on first use; undefined when its mailing was deleted. */
export async function material(ctx: SendingContext, cache: MaterialCache, deliveryId: number) {
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
          language: row.language,
        },
        ctx.baseUrl(),
      ),
    };
    if (cache.size > 100) cache.clear();
    cache.set(deliveryId, found);
  }
  return found;
}

/** Recipients' field values, loaded only when a template of the batch has personalisation tags. */
export async function batchFields(
  ctx: SendingContext,
  claimed: ClaimedRecipient[],
  cache: MaterialCache,
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

/** A claimed row given back unsent (a server fault, a pause): its attempt does not count. */
export const released = (r: ClaimedRecipient): RecipientResult => ({
  id: r.id,
  lease: r.lease,
  state: 'queued',
  response: '',
  error: '',
  retryInMs: 0,
  released: true,
});

/** One result, and the server fault that pauses its delivery, if the relay reported one. */
export type SendResult = { result: RecipientResult; fault?: string };

/**
 * Renders one recipient's message, hands it to the transport (its end waits for
 * `acceptAfter`, SendRefs) and reads the answer as their result.
 */
export async function sendOne(
  ctx: SendingContext,
  r: ClaimedRecipient,
  m: Material | undefined,
  fields: Record<string, unknown> | undefined,
  acceptAfter: Promise<unknown>,
): Promise<SendResult> {
  if (!m) return { result: { ...noAnswer(r), state: 'failed', error: 'The mailing was deleted.' } };
  const message = renderFor(ctx, r, m, fields);
  const outcome = await ctx.transport.send(message, {
    deliveryId: r.deliveryId,
    mailingId: m.mailingId,
    acceptAfter,
  });
  return resultOf(ctx, r, outcome);
}

/** The recipient's message: their fields filled in, their links signed for them. */
function renderFor(
  ctx: SendingContext,
  r: ClaimedRecipient,
  m: Material,
  fields: Record<string, unknown> | undefined,
) {
  const who = ctx.options.tracking === 'counts' ? `d${r.deliveryId}` : String(r.id);
  return {
    ...renderMessage(
      m.template,
      { who, email: r.email, subscriberId: r.subscriberId, deliveryId: r.deliveryId, fields },
      ctx.baseUrl(),
      ctx.signer,
    ),
    messageId: r.messageId,
  };
}

const noAnswer = (r: ClaimedRecipient) => ({
  id: r.id,
  lease: r.lease,
  response: '',
  error: '',
  retryInMs: 0,
});

/**
 * The relay's answer as the recipient's result: sent; bounced (refused for good); queued
 * again 3× later each time, or failed after the last attempt (refused for now); or, for a
 * server fault, given back with the fault that pauses the delivery.
 */
function resultOf(ctx: SendingContext, r: ClaimedRecipient, outcome: SendOutcome): SendResult {
  const base = noAnswer(r);
  if (outcome.kind === 'sent') {
    return { result: { ...base, state: 'sent', response: outcome.response } };
  }
  if (outcome.kind === 'permanent') {
    return { result: { ...base, state: 'bounced', error: outcome.error } };
  }
  // Nobody's state changes: the attempt is given back and the delivery pauses.
  if (outcome.kind === 'fault') return { result: released(r), fault: outcome.error };
  const retryInMs = ctx.options.retryBaseMs * 3 ** (r.attempts - 1);
  return {
    result: {
      ...base,
      state: r.attempts >= ctx.options.maxAttempts ? 'failed' : 'queued',
      error: outcome.error,
      retryInMs,
    },
  };
}
