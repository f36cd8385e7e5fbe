import { asc } from 'drizzle-orm';
import type { SubscriptionState } from '../../contract/lists.js';
import type { Executor } from '../db/client.js';
import { customFields, lists, subscribers, users } from '../db/schema/index.js';
import { demoLists, type DemoListSpec } from './lists.js';
import { makePerson } from './people.js';
import { seededRandom, type Random } from './random.js';

/** Every demo timestamp lies before this instant, so a fresh database always looks the same. */
export const DEMO_BASE_DATE = new Date('2025-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const BATCH = 1000;

export type DemoList = {
  id: number;
  name: string;
  languages: string[];
  defaultLanguage: string;
  doubleOptIn: boolean;
  subscribers: number;
};

/** What the audience part created, for the parts that build on it (mailings, statistics). */
export type DemoAudience = {
  baseDate: Date;
  /** The user recorded as creator of the demo rows (the first user), or null. */
  userId: number | null;
  lists: DemoList[];
};

/**
 * Lists, custom fields (shared `customer_id` and `company`; an `interest` choice per list)
 * and subscribers in all five states, deterministic from a fixed seed and base date.
 */
export async function seedAudience(db: Executor): Promise<DemoAudience> {
  const random = seededRandom(20250601);
  const [firstUser] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  const userId = firstUser?.id ?? null;
  const audit = { createUser: userId, updateUser: userId };

  await db.insert(customFields).values([
    {
      name: 'customer_id',
      label: 'Customer ID',
      type: 'integer',
      helpText: 'Number in the CRM.',
    },
    { name: 'company', label: 'Company', type: 'string', maxLength: 100 },
  ]);

  const created: DemoList[] = [];
  let nextCustomerId = 100_000;
  for (const [index, spec] of demoLists.entries()) {
    const listCreated = new Date(DEMO_BASE_DATE.getTime() - (800 - index * 30) * DAY);
    const [list] = await db
      .insert(lists)
      .values({
        ...audit,
        createDatetime: listCreated,
        updateDatetime: listCreated,
        name: spec.name,
        defaultFromName: spec.defaultFromName,
        defaultFromEmail: spec.defaultFromEmail,
        defaultReplytoEmail: spec.defaultReplytoEmail,
        defaultLanguage: spec.languages[0]!,
        languages: spec.languages,
        doubleOptIn: spec.doubleOptIn,
      })
      .returning({ id: lists.id });
    const listId = list!.id;
    await db.insert(customFields).values({
      listId,
      name: 'interest',
      label: spec.interest.label,
      type: 'choice',
      helpText: spec.interest.helpText,
      choices: spec.interest.choices.map(([value, display_name]) => ({ value, display_name })),
    });

    const rows = subscriberRows(random, spec, listId, listCreated, audit, () => {
      nextCustomerId += random.int(1, 9);
      return nextCustomerId;
    });
    for (let i = 0; i < rows.length; i += BATCH)
      await db.insert(subscribers).values(rows.slice(i, i + BATCH));

    created.push({
      id: listId,
      name: spec.name,
      languages: spec.languages,
      defaultLanguage: spec.languages[0]!,
      doubleOptIn: spec.doubleOptIn,
      subscribers: rows.length,
    });
  }
  return { baseDate: DEMO_BASE_DATE, userId, lists: created };
}

function subscriberRows(
  random: Random,
  spec: DemoListSpec,
  listId: number,
  listCreated: Date,
  audit: { createUser: number | null; updateUser: number | null },
  customerId: () => number,
) {
  const span = DEMO_BASE_DATE.getTime() - listCreated.getTime();
  // Sorted, so ids grow with sign-up time as they would in a real list.
  const signUps = Array.from(
    { length: spec.size },
    () => listCreated.getTime() + random.next() * span,
  ).sort((a, b) => a - b);
  const taken = new Set<string>();
  return signUps.map((time) => {
    const language = random.weighted(spec.subscriberLanguages);
    const person = makePerson(random, language || spec.languages[0]!, taken);
    const subscription = random.weighted(spec.states as Record<SubscriptionState, number>);
    const changed =
      subscription !== 'active' && subscription !== 'pending' ? true : random.chance(0.3);
    const created = new Date(Math.round(time));
    const updated = changed
      ? new Date(Math.round(time + random.next() * (DEMO_BASE_DATE.getTime() - time)))
      : created;
    const custom: Record<string, unknown> = {};
    if (random.chance(0.75)) custom.customer_id = customerId();
    if (random.chance(0.3)) custom.company = random.pick(spec.companies);
    if (random.chance(0.8)) custom.interest = random.pick(spec.interest.choices)[0];
    return {
      ...audit,
      listId,
      createDatetime: created,
      updateDatetime: updated,
      subscription,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      gender: person.gender,
      dateOfBirth: person.dateOfBirth,
      language,
      region: random.weighted(spec.regions),
      custom,
    };
  });
}
