import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenCreate, type ApiToken } from '../../../../contract/permissions.js';
import { HttpError, notFound } from '../../../lib/http-errors.js';
import { idParam } from '../../../lib/query.js';
import type { RouteOptions } from '../../../lib/route-options.js';
import { assertActsOn } from '../access/ceiling.js';
import { apiTokensRepository, type TokenRow } from './repository.js';
import { p } from '../../../lib/route-access.js';

const params = z.object({ id: idParam });
const tokenParams = z.object({ id: idParam, token_id: idParam });

const serialize = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  expires: row.expireDatetime?.toISOString() ?? null,
  created: row.createDatetime.toISOString(),
  last_used: row.lastUsedDatetime?.toISOString() ?? null,
});

/**
 * API tokens (extension, issue 29): a user makes and revokes its own. users:manage lists and
 * revokes those of users within its ceiling (access/ceiling.ts) but never makes one for
 * someone else: a token minted for another user would act as that user, past its second
 * factor. For anybody else another user's tokens do not exist (404, as the user itself).
 */
export async function tokensRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tokens = apiTokensRepository(db);

  async function owner(request: FastifyRequest, id: number) {
    if (request.user.id === id) return;
    if (!request.access.permissions.has('users:manage')) throw notFound();
    await assertActsOn(db, request.access, id);
  }

  // One's own tokens need no permission; anyone's need users:manage (checked by `owner`).
  api.get('/users/:id/tokens', { config: { access: p() }, schema: { params } }, async (request) => {
    await owner(request, request.params.id);
    return (await tokens.list(request.params.id)).map(serialize);
  });

  api.post(
    '/users/:id/tokens',
    { config: { access: p() }, schema: { params, body: tokenCreate } },
    async (request, reply) => {
      await owner(request, request.params.id);
      if (request.params.id !== request.user.id) {
        throw new HttpError(403, {
          detail: 'An API token is made by the user it belongs to: ask them to make one.',
        });
      }
      const expires = request.body.expires === null ? null : new Date(request.body.expires);
      if (expires && expires.getTime() <= Date.now()) {
        throw new HttpError(400, { expires: ['The expiry must be in the future.'] });
      }
      const { row, token } = await tokens.create(request.params.id, request.body.name, expires);
      return reply.code(201).send({ ...serialize(row), token });
    },
  );

  api.delete(
    '/users/:id/tokens/:token_id',
    { config: { access: p() }, schema: { params: tokenParams } },
    async (request, reply) => {
      await owner(request, request.params.id);
      if (!(await tokens.revoke(request.params.id, request.params.token_id))) throw notFound();
      return reply.code(204).send();
    },
  );
}
