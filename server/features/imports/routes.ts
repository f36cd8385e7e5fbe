import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MAX_FILE_BYTES, importableSubscriberFields } from '../../../contract/imports.js';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, paginationQuery } from '../../lib/query.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { errorsCsv } from './errors-csv.js';
import { parseImportForm, type FormValues } from './form.js';
import { importsRepository } from './repository.js';
import { resolveImport } from './resolve.js';
import { storeUpload, type StoredUpload } from './upload.js';
import { notifyImportQueued } from './worker.js';
import { p } from '../../lib/route-access.js';

export type ImportsRouteOptions = RouteOptions & {
  /** Largest accepted upload; tests lower it. */
  maxFileBytes?: number;
};

const listParams = z.object({ list_id: idParam });
const importParams = z.object({ list_id: idParam, id: idParam });

/** The name without a client's path (some browsers send `C:\fakepath\name.csv`). */
const fileName = (name: string | undefined) =>
  (name ?? '').replace(/\\/g, '/').split('/').pop()?.trim() || 'upload.csv';

export async function importsRoutes(app: FastifyInstance, options: ImportsRouteOptions) {
  const { db } = options;
  const maxFileBytes = options.maxFileBytes ?? IMPORT_MAX_FILE_BYTES;
  // Registered here so multipart parsing exists only under this plugin's routes.
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 1, fields: 100, fieldSize: 1024 * 1024 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = importsRepository(db);

  api.post(
    '/lists/:list_id/imports',
    { config: { access: p('imports:run') }, schema: { params: listParams } },
    async (request, reply) => {
      const listId = request.params.list_id;
      if (!(await repo.list(listId))) throw notFound();
      if (!request.isMultipart())
        throw new HttpError(415, {
          detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`,
        });
      const customFields = await repo.customFields(listId);
      const known = new Set([...importableSubscriberFields, ...customFields.map((f) => f.name)]);
      const form: FormValues = new Map();
      let importId: number | undefined;
      let upload: StoredUpload | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            form.set(part.fieldname, [...(form.get(part.fieldname) ?? []), part.value]);
            continue;
          }
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          // Parameters sent before the file are checked before it is stored.
          const early = parseImportForm(form, known);
          if (Object.keys(early.errors).length) throw badRequest(early.errors);
          importId = await repo.createUploading(listId, fileName(part.filename), request.user.id);
          const id = importId;
          upload = await storeUpload(part.file, maxFileBytes, (seq, data) =>
            repo.insertChunk(id, seq, data),
          );
        }
        if (!upload || importId === undefined)
          throw badRequest(
            'file',
            form.has('file')
              ? 'The submitted data was not a file. Check the encoding type on the form.'
              : 'No file was submitted.',
          );
        const { params, errors } = parseImportForm(form, known);
        if (Object.keys(errors).length) throw badRequest(errors);
        const resolved = resolveImport(params, upload, customFields);
        if ('errors' in resolved) throw badRequest(resolved.errors);
        await repo.queue(importId, resolved.values);
      } catch (error) {
        if (importId !== undefined) await repo.delete(importId);
        const status = (error as { statusCode?: number }).statusCode;
        if (error instanceof HttpError) throw error;
        if (status === 413)
          throw new HttpError(413, {
            detail: 'Too many files or form fields: send one file and the import parameters.',
          });
        // Limits carry their own 4xx status; anything else is a body busboy could not read.
        if (status && status < 500) throw error;
        if (isMultipartParseError(error)) {
          throw new HttpError(400, {
            detail: `Multipart form parse error - ${(error as Error).message}`,
          });
        }
        throw error;
      }
      notifyImportQueued();
      return reply.code(201).send(await repo.record((await repo.get(listId, importId))!));
    },
  );

  api.get(
    '/lists/:list_id/imports',
    {
      config: { access: p('subscribers:read') },
      schema: { params: listParams, querystring: z.object(paginationQuery) },
    },
    async (request) => {
      const listId = request.params.list_id;
      if (!(await repo.list(listId))) throw notFound();
      return paginate(
        request,
        () => repo.count(listId),
        async ({ limit, offset }) =>
          Promise.all((await repo.page(listId, limit, offset)).map((row) => repo.record(row))),
      );
    },
  );

  api.get(
    '/lists/:list_id/imports/:id',
    { config: { access: p('subscribers:read') }, schema: { params: importParams } },
    async (request) => {
      const row = await repo.get(request.params.list_id, request.params.id);
      if (!row) throw notFound();
      return repo.record(row);
    },
  );

  api.get(
    '/lists/:list_id/imports/:id/errors.csv',
    { config: { access: p('subscribers:read') }, schema: { params: importParams } },
    async (request, reply) => {
      const row = await repo.get(request.params.list_id, request.params.id);
      if (!row) throw notFound();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${row.id}-errors.csv"`)
        .send(errorsCsv(row.errors));
    },
  );
}

/** busboy's own complaints about a malformed body (no boundary, cut short, bad headers). */
function isMultipartParseError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /multipart|boundary|unexpected end of form|malformed part header/i.test(message);
}
