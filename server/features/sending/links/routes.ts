import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/query-rows.js';
import { pageLanguage, sendPublicPage } from '../../../lib/public-page.js';
import { confirmedPage, confirmForm, message, unsubscribeForm } from './pages.js';
import { liftErasure } from '../../suppressions/index.js';
import type { SendingContext } from '../context.js';
import { changeSubscription } from '../subscriber-state.js';
import type { HitRecorder } from './hit-recorder.js';
import { TRAP_URL } from './classify/classify.js';

/** What a hit tells of its client (issue 51): the address (through TRUST_PROXY), agent, method. */
const clientOf = (request: FastifyRequest) => ({
  address: request.ip,
  agent: request.headers['user-agent'] ?? null,
  head: request.method === 'HEAD',
});

/**
 * The URL as a `Location` header can carry it: an IRI (`https://example.jp/記事`, an IDN host)
 * becomes its ASCII form (percent-encoded UTF-8, punycode), as a browser would send it.
 */
function locationOf(url: string): string {
  if (URL.canParse(url)) return new URL(url).href;
  return url.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
}

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const html = (reply: FastifyReply, status: number, body: string) =>
  sendPublicPage(reply, status, body);

/** A link that is not one Mailboard signed (also any path under a link prefix: errors plugin). */
export const INVALID_LINK_PAGE = message(
  'This link is not valid',
  'The link is incomplete or was changed. Open it again from the message you received.',
);

/**
 * Public links in messages (no authentication, outside /api): click redirect, open pixel,
 * unsubscribe page and RFC 8058 one-click POST, opt-in confirmation. Tokens are signed
 * (tokens.ts); a tampered one is a 4xx and records nothing.
 */
export async function publicRoutes(
  app: FastifyInstance,
  { sending, hits }: { sending: SendingContext; hits: HitRecorder },
) {
  const { db, signer } = sending;
  // One-click and the page's form post form data (or nothing); their content is not needed.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_r, body, done) =>
    done(null, body),
  );

  // Hits come by the thousand: their request log lines would drown the rest (warnings and
  // errors are still logged).
  const tracking = { logLevel: 'warn' } as const;

  app.get<{ Params: { token: string } }>('/t/c/:token', tracking, async (request, reply) => {
    const p = signer.verify(request.params.token);
    if (p?.kind !== 'k') return html(reply, 404, INVALID_LINK_PAGE);
    // Answered from the token alone; the record is written later (hit-recorder.ts).
    hits.record({ who: p.who, url: p.url, position: p.position, ...clientOf(request) });
    // The trap link leads nowhere: only machines follow it (message/render.ts).
    if (p.url === TRAP_URL) return reply.code(204).header('cache-control', 'no-store').send();
    return reply.code(302).header('cache-control', 'no-store').redirect(locationOf(p.url));
  });

  app.get<{ Params: { token: string } }>('/t/o/:token', tracking, async (request, reply) => {
    const p = signer.verify(request.params.token);
    if (p?.kind !== 'o') return reply.code(404).send();
    hits.record({ who: p.who, ...clientOf(request) });
    return reply
      .header('content-type', 'image/gif')
      .header('cache-control', 'no-store')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(PIXEL);
  });

  const subscriberOf = async (id: number) =>
    (
      await queryRows<{
        id: number;
        email: string;
        list_id: number;
        name: string;
        language: string;
      }>(
        db,
        sql`SELECT s.id, s.email, s.list_id, l.name, s.language FROM subscribers s
              JOIN lists l ON l.id = s.list_id WHERE s.id = ${id}`,
      )
    )[0];

  app.get<{ Params: { token: string } }>('/u/:token', async (request, reply) => {
    const p = signer.verify(request.params.token);
    if (p?.kind !== 'u') return html(reply, 404, INVALID_LINK_PAGE);
    if (p.subscriber === 0) {
      return html(
        reply,
        200,
        message('Unsubscribe', 'This was a test message: there is nothing to unsubscribe from.'),
      );
    }
    const s = await subscriberOf(p.subscriber);
    if (!s) return html(reply, 404, message('Unsubscribe', 'This subscription no longer exists.'));
    return html(reply, 200, unsubscribeForm(`/u/${request.params.token}`, s.email, s.name));
  });

  app.post<{ Params: { token: string } }>('/u/:token', async (request, reply) => {
    const p = signer.verify(request.params.token);
    if (p?.kind !== 'u') return html(reply, 404, INVALID_LINK_PAGE);
    const s = p.subscriber === 0 ? undefined : await subscriberOf(p.subscriber);
    if (!s)
      return html(reply, 200, message('Unsubscribed', 'There is nothing to unsubscribe from.'));
    const all =
      new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('scope') ===
      'all';
    await changeSubscription(
      db,
      all ? { listIds: 'all', email: s.email } : { ids: [s.id] },
      'unsubscribed',
      'unsubscribe-link',
    );
    return html(
      reply,
      200,
      message(
        'Unsubscribed',
        all
          ? `${s.email} will get no more messages from any list.`
          : `${s.email} will get no more messages from ${s.name}.`,
      ),
    );
  });

  // A GET only shows the confirmation button: mail link scanners prefetch links, and a
  // GET that confirmed would subscribe people who never clicked. The form POST confirms.
  app.get<{ Params: { token: string } }>('/c/:token', async (request, reply) => {
    const p = signer.verify(request.params.token);
    if (p?.kind !== 'a') return html(reply, 404, INVALID_LINK_PAGE);
    const s = await subscriberOf(p.subscriber);
    if (!s) return html(reply, 404, message('Confirmation', 'This subscription no longer exists.'));
    const language = pageLanguage([s.language], request.headers['accept-language']);
    return html(reply, 200, confirmForm(`/c/${request.params.token}`, s.email, s.name, language));
  });

  app.post<{ Params: { token: string } }>('/c/:token', async (request, reply) => {
    const p = signer.verify(request.params.token);
    if (p?.kind !== 'a') return html(reply, 404, INVALID_LINK_PAGE);
    const s = await subscriberOf(p.subscriber);
    if (!s) return html(reply, 404, message('Confirmation', 'This subscription no longer exists.'));
    // A sign-up form's one mail may stand for several lists (features/forms).
    const [optin] = await queryRows<{ also: number[]; form_id: number | null }>(
      db,
      sql`SELECT also_subscribers AS also, form_id FROM optin_confirmations WHERE subscriber_id = ${s.id}`,
    );
    await changeSubscription(db, { ids: [s.id, ...(optin?.also ?? [])] }, 'active', 'opt-in-link', {
      onlyFrom: ['pending'],
    });
    // A fresh double opt-in through a form is new consent: an erasure of the address ends.
    if (optin?.form_id) await liftErasure(db, s.email);
    const language = pageLanguage([s.language], request.headers['accept-language']);
    return html(reply, 200, confirmedPage(language, s.email, s.name));
  });
}
