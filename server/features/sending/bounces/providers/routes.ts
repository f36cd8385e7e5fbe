import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SendingContext } from '../../context.js';
import type { Verp } from '../../message/verp.js';
import { recordEventGroups } from '../ingest.js';
import { eventWriter } from './event-writer.js';
import { mailgunProvider } from './mailgun.js';
import { postmarkProvider } from './postmark.js';
import { forbidden, type Provider } from './provider.js';
import { sendgridProvider } from './sendgrid.js';
import { sesProvider } from './ses.js';
import type { ProviderOptions } from './options.js';

export const providerNames = ['ses', 'sendgrid', 'mailgun', 'postmark'] as const;
type ProviderName = (typeof providerNames)[number];

function configured(options: ProviderOptions): Partial<Record<ProviderName, Provider>> {
  return {
    ...(options.ses ? { ses: sesProvider(options.ses) } : {}),
    ...(options.sendgrid ? { sendgrid: sendgridProvider(options.sendgrid.publicKey) } : {}),
    ...(options.mailgun
      ? {
          mailgun: mailgunProvider(options.mailgun.signingKey, options.mailgun.replayWindowSeconds),
        }
      : {}),
    ...(options.postmark ? { postmark: postmarkProvider(options.postmark) } : {}),
  };
}

const params = z.object({
  provider: z
    .enum(providerNames)
    .describe('The relay: ses (through SNS), sendgrid, mailgun or postmark.'),
});

/**
 * POST /api/v1/bounces/{provider}: a relay's event webhook, outside session auth: each
 * request is verified as its provider documents (signature or credentials) and a wrong one
 * answers 401/403 with nothing recorded. Bounces, complaints and unsubscriptions are
 * recorded as the bounce webhook's reports are (`{received, recorded}`); event kinds a
 * provider sends that mean nothing here are acknowledged and ignored, a repeated event
 * counts once.
 */
export async function providerRoutes(
  app: FastifyInstance,
  { sending, verp }: { sending: SendingContext; verp?: Verp | undefined },
) {
  const providers = configured(sending.options.providers ?? {});
  // Concurrent requests' events written together, each request answered once its are committed.
  const record = eventWriter((groups) =>
    sending.db.transaction((tx) =>
      recordEventGroups({ db: tx, options: sending.options }, verp, groups),
    ),
  );
  app.post<{ Params: z.infer<typeof params> }>(
    '/:provider',
    {
      schema: {
        params,
        summary: "A relay's event webhook (bounces, complaints, unsubscriptions)",
        description:
          'Outside user authentication: each request is verified as its provider documents — ' +
          'ses: the SNS message signature against the signing certificate of an ' +
          'sns.<region>.amazonaws.com host and a topic of SNS_TOPIC_ARNS (SubscriptionConfirmation ' +
          'is confirmed); sendgrid: the signed Event Webhook (ECDSA, SENDGRID_WEBHOOK_PUBLIC_KEY); ' +
          'mailgun: the HMAC signature in the body (MAILGUN_WEBHOOK_SIGNING_KEY, 5-minute window, ' +
          'a token once); postmark: HTTP Basic (POSTMARK_WEBHOOK_USERNAME/PASSWORD). A wrong ' +
          'signature or a provider not configured answers 403, wrong Postmark credentials 401, and ' +
          'nothing is recorded. Answers `{received, recorded}`; unknown event kinds are ignored and ' +
          'a repeated event counts once.',
        // Public: no Basic or session credentials (the provider's own check above).
        security: [],
      },
      // Verified per provider (signature or Basic credentials), not user credentials.
      config: { public: true },
      // A SendGrid batch may hold thousands of events.
      bodyLimit: 8 * 1024 * 1024,
    },
    async (request, reply) => {
      const provider = providers[request.params.provider];
      if (!provider)
        throw forbidden(`The ${request.params.provider} webhook is not configured here.`);
      const req = {
        headers: request.headers,
        body: typeof request.body === 'string' ? request.body : '',
        db: sending.db,
      };
      await provider.verify(req);
      const events = await provider.events(req);
      const recorded = await record(events);
      await provider.accepted?.(req);
      return reply.code(200).send({ received: events.length, recorded });
    },
  );
}
