import { asc, eq, sql } from 'drizzle-orm';
import type { SegmentFilter } from '../../contract/segments.js';
import type { Executor } from '../db/client.js';
import { campaigns, mailings, segments } from '../db/schema/index.js';
import type { DemoAudience } from './audience.js';
import { demoLists } from './lists.js';

/** The campaigns mailing-plans.ts numbers 1–4, by name (ids fixed so the plans can refer to them). */
const demoCampaigns = [
  { id: 1, name: 'Wandersommer', description: 'The summer hiking season on the Bergblick list.' },
  { id: 2, name: 'Hüttentouren', description: 'Guided hut-to-hut tours, launch and follow-ups.' },
  { id: 3, name: 'Acme Weekly', description: 'The weekly Acme newsletter.' },
  { id: 4, name: 'Lumière été', description: 'The summer collection and sale.' },
];

export async function seedCampaigns(db: Executor, userId: number | null): Promise<void> {
  await db
    .insert(campaigns)
    .values(demoCampaigns.map((c) => ({ ...c, createUser: userId, updateUser: userId })));
  // Explicit ids leave the sequence behind: move it past them, or the next campaign collides.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('campaigns', 'id'), (select max(id) from campaigns))`,
  );
}

/**
 * Three segments per list, each with members: active subscribers of the list's first
 * country (subdivisions included), those interested in the first interest, and the people
 * who clicked the list's first mailing.
 */
export async function seedSegments(db: Executor, audience: DemoAudience): Promise<number> {
  let created = 0;
  for (const list of audience.lists) {
    const spec = demoLists.find((l) => l.name === list.name);
    if (!spec) continue;
    const country = Object.keys(spec.regions)[0]!.split('-')[0]!;
    const [interest, interestLabel] = spec.interest.choices[0]!;
    const [first] = await db
      .select({ id: mailings.id, name: mailings.name })
      .from(mailings)
      .where(eq(mailings.listId, list.id))
      .orderBy(asc(mailings.id))
      .limit(1);
    const named: [string, SegmentFilter][] = [
      [
        `Active in ${country}`,
        {
          match: 'all',
          conditions: [
            { field: 'subscription', in: ['active'] },
            { field: 'region', in: [country] },
          ],
        },
      ],
      [
        `Interested in ${interestLabel}`,
        {
          match: 'all',
          conditions: [{ field: 'custom', name: 'interest', operator: 'equals', value: interest }],
        },
      ],
    ];
    if (first) {
      named.push([
        `Clicked “${first.name}”`,
        {
          match: 'all',
          conditions: [{ field: 'engagement', mailing: first.id, action: 'clicked' }],
        },
      ]);
    }
    await db.insert(segments).values(
      named.map(([name, filter]) => ({
        listId: list.id,
        name,
        filter,
        createUser: audience.userId,
        updateUser: audience.userId,
      })),
    );
    created += named.length;
  }
  return created;
}
