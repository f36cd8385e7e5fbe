import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { subscribers } from '../db/schema/index.js';
import { advanceDueRuns } from '../features/automations/index.js';
import { withActor } from '../lib/actor.js';
import type { DemoList } from './audience.js';
import { demoLists } from './lists.js';
import { insertRecords, setHardBounced } from './mailings.js';
import { generateRecords } from './mailing-statistics.js';
import { makePerson } from './people.js';
import type { Random } from './random.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long the sequence has been on. */
export const HISTORY_DAYS = 14;
/** Who joined since, before the last hour: enough for every step to have runs. */
const JOINED_BEFORE = 36;
/** Who joined in the last hour: their welcome is still due when the demo starts. */
const JOINED_LAST_HOUR = 6;

type Event = { at: number; apply: () => Promise<void> };

/**
 * The welcome sequence's last two weeks, played through the real automation engine
 * (`advanceDueRuns`) with its clock set to each moment in turn: people join the list (the
 * `subscribed` trigger starts their runs), the engine sends, waits and takes the condition's
 * branch, a few unsubscribe or hard-bounce on the way. The engine's queued mail is recorded as
 * the delivery engine would have sent it, with opens and clicks from the same generator as
 * the mailings' statistics, so "opened the welcome" is true exactly where a record says so.
 * Times written at the database's clock (history, ended runs) are set to the moment played.
 * Those who joined in the last hour are left due: the first start sends their welcomes.
 * The automation must be active while this runs; returns how many runs are due at the end.
 */
export async function playWelcomeHistory(
  db: Executor,
  automation: { id: number; urls: string[] },
  list: DemoList,
  userId: number | null,
  random: Random,
  now: number,
): Promise<number> {
  const spec = demoLists.find((s) => s.name === list.name) ?? demoLists[0]!;
  const taken = new Set(
    (
      await queryRows<{ email: string }>(
        db,
        sql`SELECT lower(email) AS email FROM subscribers WHERE list_id = ${list.id}`,
      )
    ).map((r) => r.email),
  );
  const ages = [
    ...Array.from(
      { length: JOINED_BEFORE },
      () => HOUR + random.next() * (HISTORY_DAYS * DAY - HOUR),
    ),
    ...Array.from({ length: JOINED_LAST_HOUR }, () => 2 * MINUTE + random.next() * 50 * MINUTE),
  ].sort((a, b) => b - a);
  const horizon = now - HOUR;
  const events: Event[] = [];
  for (const age of ages) {
    const joined = Math.round(now - age);
    const person = makePerson(random, list.defaultLanguage, taken);
    const row = {
      listId: list.id,
      subscription: 'active' as const,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      gender: person.gender,
      dateOfBirth: person.dateOfBirth,
      language: random.chance(0.9) ? list.defaultLanguage : '',
      region: random.weighted(spec.regions),
      custom: { interest: random.pick(spec.interest.choices)[0] },
      createDatetime: new Date(joined),
      updateDatetime: new Date(joined),
      createUser: userId,
      updateUser: userId,
    };
    let id = 0;
    events.push({
      at: joined,
      apply: async () => {
        // Signed up on the list's website, which creates subscribers through the API.
        await withActor(db, { userId, via: 'api' });
        const [created] = await db
          .insert(subscribers)
          .values(row)
          .returning({ id: subscribers.id });
        id = created!.id;
        await db.execute(sql`UPDATE automation_runs SET start_datetime = ${iso(joined)}::timestamptz,
            due_datetime = ${iso(joined)}::timestamptz WHERE subscriber_id = ${id}`);
      },
    });
    // Some leave on the way; the last hour's sign-ups are all still there to be welcomed.
    if (joined <= horizon && random.chance(0.12)) {
      const left = Math.round(joined + random.next() * (now - joined));
      events.push({
        at: left,
        apply: async () => {
          await withActor(db, { userId: null, via: 'unsubscribe-link' });
          await db.execute(sql`UPDATE subscribers SET subscription = 'unsubscribed',
              update_datetime = ${iso(left)}::timestamptz
            WHERE id = ${id} AND subscription = 'active'`);
        },
      });
    }
  }
  events.sort((a, b) => a.at - b.at);

  const clock = historyClock(db, automation.id);
  for (const event of events) {
    // The engine is not played within the last hour: what falls due there is due at the start.
    await runDue(db, automation, Math.min(event.at, horizon), random, now, clock);
    await event.apply();
    await clock.settle(event.at);
  }
  await runDue(db, automation, horizon, random, now, clock);
  const [due] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM automation_runs
         WHERE automation_id = ${automation.id} AND state = 'active' AND due_datetime <= ${iso(now)}::timestamptz`,
  );
  await db.execute(sql`SELECT set_config('mailboard.actor', '', true)`);
  return due?.n ?? 0;
}

/**
 * Lets the engine move every run due up to `until`, one due moment at a time, and sends
 * what it queued at that moment.
 */
async function runDue(
  db: Executor,
  automation: { id: number; urls: string[] },
  until: number,
  random: Random,
  now: number,
  clock: ReturnType<typeof historyClock>,
) {
  for (;;) {
    const [next] = await queryRows<{ at: string | Date | null }>(
      db,
      sql`SELECT min(due_datetime) AS at FROM automation_runs
           WHERE automation_id = ${automation.id} AND state = 'active'`,
    );
    if (!next?.at) return;
    const at = new Date(next.at).getTime();
    if (at > until) return;
    await advanceDueRuns(db, new Date(at));
    await sendQueued(db, automation, at, random, now);
    await clock.settle(at);
  }
}

/**
 * The step mail the engine queued, as the delivery engine would have sent it at `at`: each
 * recipient's send-log row, its opens, clicks and bounces; a hard bounce sets the subscriber
 * `bounced` (as bounce handling does), which ends their run.
 */
async function sendQueued(
  db: Executor,
  automation: { id: number; urls: string[] },
  at: number,
  random: Random,
  now: number,
) {
  const queued = await queryRows<{
    delivery_id: number;
    mailing_id: number;
    subscriber_id: number;
    email: string;
  }>(
    db,
    sql`SELECT r.delivery_id, v.mailing_id, r.subscriber_id, r.email
          FROM delivery_recipients r
          JOIN deliveries d ON d.id = r.delivery_id
          JOIN variants v ON v.id = d.variant_id
         WHERE d.automation_id = ${automation.id} AND r.state = 'queued'
         ORDER BY r.id`,
  );
  if (queued.length === 0) return;
  const byDelivery = new Map<number, typeof queued>();
  for (const q of queued) {
    if (!byDelivery.has(q.delivery_id)) byDelivery.set(q.delivery_id, []);
    byDelivery.get(q.delivery_id)!.push(q);
  }
  const records = generateRecords(
    [...byDelivery.values()].map((rows) => ({
      deliveryId: rows[0]!.delivery_id,
      mailingId: rows[0]!.mailing_id,
      campaign: null,
      at,
      urls: automation.urls,
      appeal: 1.3,
      recipients: rows.map((r) => ({ id: r.subscriber_id, email: r.email })),
    })),
    now,
    random.int(1, 2 ** 31),
  );
  await db.execute(sql`
    UPDATE delivery_recipients r
       SET state = x.st, attempts = 1, next_attempt_datetime = x.t, sent_datetime = x.t,
           message_id = '<demo-' || x.d || '-' || x.s || '@mailboard.invalid>',
           smtp_response = CASE x.st WHEN 'sent' THEN '250 2.0.0 OK' ELSE '550 5.1.1 User unknown' END
      FROM json_to_recordset(${JSON.stringify(records.recipients)}::json)
           AS x(d int, s int, e text, st text, t timestamptz)
     WHERE r.delivery_id = x.d AND r.subscriber_id = x.s`);
  await insertRecords(db, records);
  if (records.hardBounced.length === 0) return;
  await setHardBounced(db, records.hardBounced);
  // The bounce ended their runs (a trigger, at the database's clock): at the bounce's time.
  await db.execute(sql`
    UPDATE automation_runs r SET end_datetime = x.t
      FROM json_to_recordset(${JSON.stringify(records.hardBounced)}::json) AS x(s int, t timestamptz)
     WHERE r.subscriber_id = x.s AND r.end_datetime = now()`);
}

/**
 * What the database stamps with its own clock (its transaction's `now()`) while a moment is
 * played: new history rows, and runs that a trigger ended. `settle(at)` moves them to `at`.
 */
function historyClock(db: Executor, automationId: number) {
  let seen = 0;
  return {
    async settle(at: number) {
      const [last] = await queryRows<{ id: string | number | null }>(
        db,
        sql`WITH moved AS (
              UPDATE subscriber_history SET at = ${iso(at)}::timestamptz
               WHERE id > ${seen} AND at = now() RETURNING id)
            SELECT max(id) AS id FROM moved`,
      );
      if (last?.id != null) seen = Number(last.id);
      await db.execute(sql`UPDATE automation_runs SET end_datetime = ${iso(at)}::timestamptz
         WHERE automation_id = ${automationId} AND end_datetime = now()`);
    },
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
