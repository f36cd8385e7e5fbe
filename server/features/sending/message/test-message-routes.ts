import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testMessageWrite } from '../../../../contract/deliveries.js';
import type { Permission } from '../../../../contract/permissions.js';
import { badRequest, HttpError, notFound, type DrfErrors } from '../../../lib/http-errors.js';
import { idParam } from '../../../lib/query.js';
import { MEDIA_ROUTE } from '../../../plugins/security-headers.js';
import {
  importedLayout,
  mailingsRepository,
  prepareLayout,
  variantProblems,
} from '../../mailings/index.js';
import { subscribersRepository } from '../../subscribers/index.js';
import { suppressionMessage, suppressionOf } from '../../suppressions/index.js';
import { personalFields } from './personal-fields.js';
import { compileVariant, renderMessage } from './render.js';
import type { SendingContext } from '../context.js';
import { testMediaRepository } from './test-media.js';
import { scoped } from '../../../lib/route-access.js';

const TEST_MEDIA = /^([A-Za-z0-9_-]{43})\.(png|jpg|gif)$/;

/** A test message filled in with a subscriber's data mails that person's fields: a read. */
const readsSubscriber = (body: unknown): Permission[] =>
  (body as { subscriber?: unknown } | null)?.subscriber === undefined ? [] : ['subscribers:read'];

/**
 * "Send a test" from the composer (extension, docs/decisions/block-editor.md): the variant being
 * written, sent to any address before its mailing exists, through the same renderer and
 * transport as a delivery. Its images are kept by content hash at /media/tests/… (mail clients
 * fetch them later) and forgotten after 30 days without use.
 */
export async function testMessageRoutes(
  app: FastifyInstance,
  { sending }: { sending: SendingContext },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = sending;
  const mailings = mailingsRepository(db);
  const subscribers = subscribersRepository(db);
  const media = testMediaRepository(db);

  api.post(
    '/lists/:list_id/test-messages',
    {
      config: { access: { ...scoped('list_id', 'mailings:send'), alsoNeeds: readsSubscriber } },
      schema: { params: z.object({ list_id: idParam }), body: testMessageWrite },
    },
    async (request, reply) => {
      const { list_id: listId } = request.params;
      const { email, subscriber, variant } = request.body;
      const list = await mailings.listDefaults(listId);
      if (!list) throw notFound();

      // Refused where creating the mailing would refuse it, and for a stranger's data.
      const prepared = await prepareLayout(variant.layout.zip_file);
      const variantErrors = variantProblems(variant, prepared, await mailings.knownFields(listId));
      const errors: DrfErrors = Object.keys(variantErrors).length ? { variant: variantErrors } : {};
      const own = subscriber !== undefined && (await subscribers.get(listId, subscriber));
      if (subscriber !== undefined && !own)
        errors.subscriber = [
          `Invalid pk "${subscriber}" - no subscriber of this list has this id.`,
        ];
      // A test is mail too: a suppressed address is never handed to SMTP (issue 52).
      const suppressed = await suppressionOf(db, email);
      if (suppressed) errors.email = [suppressionMessage(suppressed.reason)];
      if (Object.keys(errors).length) throw badRequest(errors);
      const layout = importedLayout(prepared); // a refused zip was a 400 above

      // Images first: the message links to them where mail clients fetch them later.
      const base = sending.baseUrl();
      const files = await media.keep(layout?.images ?? []);
      const text = variant.layout.text ?? '';
      const source = layout
        ? layout.sourceAt((path) => `${base}/media/tests/${files.get(path)!}`)
        : text;
      const fields =
        subscriber === undefined
          ? undefined
          : (await personalFields(db, [subscriber])).get(subscriber);
      const template = compileVariant(
        {
          fromName: variant.from_name ?? list.defaultFromName,
          fromEmail: variant.from_email ?? list.defaultFromEmail,
          replytoEmail: variant.replyto_email ?? list.defaultReplytoEmail,
          subject: variant.subject,
          layoutText: text,
          layoutSource: source,
        },
        base,
      );
      const message = renderMessage(
        template,
        { who: 't', email, subscriberId: subscriber ?? null, deliveryId: 0, fields },
        base,
        sending.signer,
      );
      const outcome = await sending.transport.send(message, {
        deliveryId: null,
        mailingId: null,
        kind: 'test',
      });
      if (outcome.kind !== 'sent') {
        throw new HttpError(502, {
          detail: `The mail server did not accept the test message: ${outcome.error}`,
        });
      }
      return reply.code(202).send({ message_id: message.messageId });
    },
  );
}

/** The images of test messages, public as mail clients load them (like /media/layouts/). */
export async function testMediaRoutes(
  app: FastifyInstance,
  { sending }: { sending: SendingContext },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const media = testMediaRepository(sending.db);
  api.get(
    '/media/tests/:file',
    { schema: { params: z.object({ file: z.string() }) }, ...MEDIA_ROUTE },
    async (request, reply) => {
      const hash = TEST_MEDIA.exec(request.params.file)?.[1];
      if (!hash) throw notFound();
      const file = await media.find(hash);
      if (!file) throw notFound();
      reply.headers({
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${hash}"`,
        'x-content-type-options': 'nosniff',
      });
      if ((request.headers['if-none-match'] ?? '').includes(`"${hash}"`))
        return reply.code(304).send();
      return reply.type(file.contentType).send(Buffer.from(file.data));
    },
  );
}
