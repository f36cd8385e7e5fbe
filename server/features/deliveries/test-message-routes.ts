import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { testMessageWrite } from '../../../contract/deliveries.js';
import { templateProblems } from '../../../contract/personalization.js';
import { subscribers, testMedia } from '../../db/schema/index.js';
import { badRequest, HttpError, notFound, type DrfErrors } from '../../lib/http-errors.js';
import { idParam } from '../../lib/query.js';
import { MEDIA_HELMET } from '../../plugins/security-headers.js';
import {
  importZipLayout,
  mailingsRepository,
  ZipLayoutError,
  type ImportedLayout,
} from '../mailings/index.js';
import { personalFields } from './personal-fields.js';
import { compileVariant, renderMessage } from './render.js';
import type { SendingContext } from './sender.js';

const TEST_MEDIA = /^([A-Za-z0-9_-]{43})\.(png|jpg|gif)$/;
const KEEP_DAYS = 30;

/** An image's name under /media/tests/: its content hash, and the extension it came with. */
const mediaFile = (data: Uint8Array, path: string) => {
  const lower = path.toLowerCase();
  const ext = lower.endsWith('.png') ? 'png' : lower.endsWith('.gif') ? 'gif' : 'jpg';
  const hash = createHash('sha256').update(data).digest('base64url');
  return { hash, name: `${hash}.${ext}` };
};

/**
 * "Send a test" from the composer (extension, docs/architecture.md §16): the variant being
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

  api.post(
    '/lists/:list_id/test-messages',
    { schema: { params: z.object({ list_id: idParam }), body: testMessageWrite } },
    async (request, reply) => {
      const { list_id: listId } = request.params;
      const { email, subscriber, variant } = request.body;
      const list = await mailings.listDefaults(listId);
      if (!list) throw notFound();

      let layout: ImportedLayout | undefined;
      const layoutErrors: Record<string, string[]> = {};
      if (variant.layout.zip_file) {
        try {
          layout = await importZipLayout(variant.layout.zip_file);
        } catch (error) {
          if (!(error instanceof ZipLayoutError)) throw error;
          layoutErrors.zip_file = [error.message];
        }
      }
      // An unknown field is refused as creating the mailing would refuse it.
      const known = await mailings.knownFields(listId);
      const tags = (source: string) => templateProblems(source, known).map((p) => p.message);
      const textTags = tags(variant.layout.text ?? '');
      if (textTags.length) layoutErrors.text = textTags;
      const zipTags = layout ? tags(layout.html) : [];
      if (zipTags.length) layoutErrors.zip_file = zipTags;
      const variantErrors: DrfErrors = {};
      const subjectTags = tags(variant.subject);
      if (subjectTags.length) variantErrors.subject = subjectTags;
      if (Object.keys(layoutErrors).length) variantErrors.layout = layoutErrors;
      const errors: DrfErrors = Object.keys(variantErrors).length ? { variant: variantErrors } : {};
      let fields: Record<string, unknown> | undefined;
      if (subscriber !== undefined) {
        const [own] = await db
          .select({ id: subscribers.id })
          .from(subscribers)
          .where(and(eq(subscribers.id, subscriber), eq(subscribers.listId, listId)));
        if (own) fields = (await personalFields(db, [subscriber])).get(subscriber);
        else
          errors.subscriber = [
            `Invalid pk "${subscriber}" - no subscriber of this list has this id.`,
          ];
      }
      if (Object.keys(errors).length) throw badRequest(errors);

      const base = sending.baseUrl();
      const text = variant.layout.text ?? '';
      const files = new Map(layout?.images.map((i) => [i.path, mediaFile(i.data, i.path)]));
      const source = layout
        ? layout.sourceAt((path) => `${base}/media/tests/${files.get(path)!.name}`)
        : text;
      if (layout?.images.length) {
        await db.transaction(async (tx) => {
          await tx
            .delete(testMedia)
            .where(lt(testMedia.usedDatetime, sql`now() - make_interval(days => ${KEEP_DAYS})`));
          for (const image of layout.images) {
            await tx
              .insert(testMedia)
              .values({
                hash: files.get(image.path)!.hash,
                contentType: image.contentType,
                data: image.data,
              })
              .onConflictDoUpdate({ target: testMedia.hash, set: { usedDatetime: sql`now()` } });
          }
        });
      }
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
      const outcome = await sending.transport.send(message, { deliveryId: null, mailingId: null });
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
  const { db } = sending;
  api.get(
    '/media/tests/:file',
    { schema: { params: z.object({ file: z.string() }) }, helmet: MEDIA_HELMET },
    async (request, reply) => {
      const hash = TEST_MEDIA.exec(request.params.file)?.[1];
      if (!hash) throw notFound();
      const [file] = await db
        .select({ contentType: testMedia.contentType, data: testMedia.data })
        .from(testMedia)
        .where(eq(testMedia.hash, hash));
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
