import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storableText } from '../../../contract/fields.js';
import { erasureRequest } from '../../../contract/person-data.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { scoped } from '../../lib/route-access.js';
import { erasePerson, erasureDetail } from './erase.js';
import { collectPerson, personZip } from './export.js';
import { assertManagesAll, subscriptionsOf, visibleSubscriptions } from './person.js';

const personParams = z.object({
  email: storableText()
    .trim()
    .max(320)
    .regex(/^[^@\s]+@[^@\s]+$/, 'Enter a valid email address.')
    .transform((v) => v.toLowerCase()),
});

/**
 * A person's data across lists (extension, issue 53; docs/decisions/person-data.md). The
 * person is an address, matched in any letter case; each list's record is one subscription.
 */
export async function personDataRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Reading a person is reading subscribers: of the lists the caller may see, only.
  api.get(
    '/people/:email/export',
    {
      config: { access: scoped('filtered', 'subscribers:read') },
      schema: { params: personParams },
    },
    async (request, reply) => {
      const { email } = request.params;
      const visible = visibleSubscriptions(request, await subscriptionsOf(db, email));
      const data = await collectPerson(db, {
        email,
        subscriberIds: visible.map((s) => s.id),
        listIds: request.access.lists ? [...request.access.lists.keys()] : null,
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="person-export.zip"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(personZip(data)));
    },
  );

  // Erasing reaches every list the person is on: the caller must manage each one.
  api.post(
    '/people/:email/erase',
    {
      config: { access: scoped('filtered', 'subscribers:manage') },
      schema: { params: personParams, body: erasureRequest },
    },
    async (request) => {
      const { email } = request.params;
      const result = await erasePerson(db, email, (subscriptions) =>
        assertManagesAll(request, subscriptions),
      );
      request.auditDetail = erasureDetail(email, result, request.body.reason);
      return result;
    },
  );
}
