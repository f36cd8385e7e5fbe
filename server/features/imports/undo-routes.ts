import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importUndoRequest } from '../../../contract/import-undo.js';
import { HttpError, notFound } from '../../lib/http-errors.js';
import { idParam } from '../../lib/query.js';
import { p } from '../../lib/route-access.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { csvCell } from './errors-csv.js';
import { importsRepository } from './repository.js';
import { requestUndo } from './undo-queries.js';
import { notifyImportQueued } from './worker.js';

const importParams = z.object({ list_id: idParam, id: idParam });

/**
 * The undo of an import (issue 53 item 4): queued as a job like an import (the 202 answers
 * with the Import record, `undo.status: queued`), run by any replica's worker; its rows
 * left for having changed since are downloadable. The audit trail records the request.
 */
export async function importUndoRoutes(app: FastifyInstance, options: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = importsRepository(options.db);

  api.post(
    '/lists/:list_id/imports/:id/undo',
    {
      config: { access: p('imports:run') },
      schema: { params: importParams, body: importUndoRequest.nullish() },
    },
    async (request, reply) => {
      const { list_id: listId, id } = request.params;
      const outcome = await requestUndo(
        options.db,
        { listId, importId: id },
        { userId: request.user.id, removeMailed: request.body?.remove_mailed ?? false },
      );
      if (outcome === 'not-found') throw notFound();
      if (outcome === 'twice')
        throw new HttpError(409, { detail: 'This import is already undone (or being undone).' });
      if (outcome === 'unfinished')
        throw new HttpError(409, { detail: 'An import can be undone once it has finished.' });
      notifyImportQueued();
      return reply.code(202).send(await repo.record((await repo.get(listId, id))!));
    },
  );

  api.get(
    '/lists/:list_id/imports/:id/undo-conflicts.csv',
    { config: { access: p('subscribers:read') }, schema: { params: importParams } },
    async (request, reply) => {
      const row = await repo.get(request.params.list_id, request.params.id);
      if (!row) throw notFound();
      const lines = [
        ['id', 'email'],
        ...(await repo.undoConflicts(row.id)).map((c) => [c.id, c.email]),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${row.id}-undo-conflicts.csv"`)
        .send('\uFEFF' + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n');
    },
  );
}
