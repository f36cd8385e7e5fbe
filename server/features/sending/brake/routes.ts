import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DeliveryRates } from '../../../../contract/deliveries.js';
import { queryRows } from '../../../db/query-rows.js';
import { notFound } from '../../../lib/http-errors.js';
import { idParam } from '../../../lib/query.js';
import { scoped } from '../../../lib/route-access.js';
import { sql } from 'drizzle-orm';
import type { SendingContext } from '../context.js';
import { ratesByDomain } from './rates.js';

const SHOWN_DOMAINS = 20;

/** A delivery's complaint and hard-bounce rates against the brake's lines, by domain. */
export async function brakeRoutes(app: FastifyInstance, { sending }: { sending: SendingContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/deliveries/:id/rates',
    {
      config: { access: scoped('delivery', 'mailings:read') },
      schema: { params: z.object({ id: idParam }) },
    },
    async (request): Promise<DeliveryRates> => {
      const { id } = request.params;
      const found = await queryRows(sending.db, sql`SELECT 1 FROM deliveries WHERE id = ${id}`);
      if (found.length === 0) throw notFound();
      const domains = await ratesByDomain(sending.db, id);
      const sum = (key: 'sent' | 'complaints' | 'hard_bounces') =>
        domains.reduce((n, d) => n + d[key], 0);
      const { brake } = sending.options;
      return {
        sent: sum('sent'),
        complaints: sum('complaints'),
        hard_bounces: sum('hard_bounces'),
        lines: {
          complaint_rate: brake.complaintRate,
          bounce_rate: brake.bounceRate,
          min_sent: brake.minSent,
        },
        domains: domains.slice(0, SHOWN_DOMAINS),
      };
    },
  );
}
