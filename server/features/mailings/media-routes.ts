import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { layoutFiles } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-errors.js';
import { idParam } from '../../lib/query.js';
import { MEDIA_ROUTE } from '../../plugins/security-headers.js';
import type { RouteOptions } from '../../lib/route-options.js';

const params = z.object({ layoutId: idParam, '*': z.string() });

/**
 * Images of zipped layouts, public because mail clients load them without credentials (the
 * auth hook only guards /api/). A layout never changes, so they are cached for a year.
 * Headers: MEDIA_ROUTE's (nothing runs in a file opened here; other origins may embed it).
 */
export async function layoutMediaRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/media/layouts/:layoutId/*',
    { schema: { params }, ...MEDIA_ROUTE },
    async (request, reply) => {
      const [file] = await db
        .select({ contentType: layoutFiles.contentType, data: layoutFiles.data })
        .from(layoutFiles)
        .where(
          and(
            eq(layoutFiles.layoutId, request.params.layoutId),
            eq(layoutFiles.path, request.params['*']),
          ),
        );
      if (!file) throw notFound();
      const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
      const etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
      reply.headers({
        'cache-control': 'public, max-age=31536000, immutable',
        etag,
        'x-content-type-options': 'nosniff',
      });
      const known = (request.headers['if-none-match'] ?? '')
        .split(',')
        .map((tag) => tag.trim().replace(/^W\//, ''));
      if (known.includes(etag) || known.includes('*')) return reply.code(304).send();
      return reply.type(file.contentType).send(data);
    },
  );
}
