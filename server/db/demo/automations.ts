import { sql } from 'drizzle-orm';
import type { StoredStep } from '../../../contract/automations.js';
import type { Executor } from '../client.js';
import { queryRows } from '../query-rows.js';
import { automations } from '../schema/index.js';
import { mailingsRepository } from '../../features/mailings/index.js';
import type { DemoAudience } from './audience.js';
import { textLayout } from './mailing-plans.js';

const DAY = 24 * 60;
const site = 'https://acme.example.com';
const sequence = [
  { name: 'Acme: welcome', subject: 'Welcome to Acme Weekly', text: 'Glad you are here.' },
  { name: 'Acme: tips', subject: 'Three tips to get started', text: 'Make the most of it.' },
  { name: 'Acme: welcome offer', subject: 'A welcome offer for you', text: '20 % off this week.' },
];

/**
 * A welcome sequence on the English list (issue 31): welcome now, tips after 2 days, the
 * offer after 7 days if the welcome was opened. Nothing is invented about sending: its runs
 * are real state the scheduler acts on. With `live` the automation is active and a few
 * recent subscribers' runs are due now, so the first start sends their welcomes through the
 * engine (to the Outbox) and they wait at the tips; without it, it is paused and holds them.
 * Two who unsubscribed are runs that ended.
 */
export async function seedAutomation(db: Executor, audience: DemoAudience, live: boolean) {
  const list = audience.lists.find((l) => l.languages.length === 1) ?? audience.lists[0];
  if (!list) return undefined;
  const repo = mailingsRepository(db);
  const senders = (await repo.listDefaults(list.id))!;
  const ids: number[] = [];
  for (const m of sequence) {
    const html = textLayout(m, [`${site}/start`]);
    ids.push(
      await repo.create({
        listId: list.id,
        name: m.name,
        campaign: null,
        segments: [],
        userId: audience.userId,
        variants: [
          {
            languages: [],
            fromName: senders.defaultFromName,
            fromEmail: senders.defaultFromEmail,
            replytoEmail: senders.defaultReplytoEmail,
            subject: m.subject,
            text: html,
            source: () => html,
            images: [],
            scheduled: [],
          },
        ],
      }),
    );
  }
  const steps: StoredStep[] = [
    { id: 1, type: 'send', mailing: ids[0]! },
    { id: 2, type: 'wait', minutes: 2 * DAY },
    { id: 3, type: 'send', mailing: ids[1]! },
    { id: 4, type: 'wait', minutes: 5 * DAY },
    { id: 5, type: 'condition', if: { opened: 1 }, else: 'stop' },
    { id: 6, type: 'send', mailing: ids[2]! },
  ];
  const [automation] = await db
    .insert(automations)
    .values({
      listId: list.id,
      name: 'Welcome sequence',
      state: live ? 'active' : 'paused',
      trigger: { type: 'subscribed', include_imports: false },
      triggerType: 'subscribed',
      steps,
      nextStepId: 7,
      createUser: audience.userId,
      updateUser: audience.userId,
    })
    .returning({ id: automations.id });
  const recent = await queryRows<{ n: string | number }>(
    db,
    sql`WITH due AS (
          INSERT INTO automation_runs (automation_id, subscriber_id, email, due_datetime)
          SELECT ${automation!.id}, id, email, now() FROM (
            SELECT id, email FROM subscribers
             WHERE list_id = ${list.id} AND subscription = 'active'
             ORDER BY id DESC LIMIT 6) s
          RETURNING 1),
        ended AS (
          INSERT INTO automation_runs (automation_id, subscriber_id, email, state, exit_reason,
                                       start_datetime, end_datetime)
          SELECT ${automation!.id}, id, email, 'exited', 'unsubscribed', create_datetime,
                 update_datetime FROM (
            SELECT id, email, create_datetime, update_datetime FROM subscribers
             WHERE list_id = ${list.id} AND subscription = 'unsubscribed'
             ORDER BY id DESC LIMIT 2) s
          RETURNING 1)
        SELECT (SELECT count(*) FROM due) AS n, (SELECT count(*) FROM ended) AS ended`,
  );
  const due = Number(recent[0]?.n ?? 0);
  return `1 automation ("Welcome sequence" on ${list.name}, ${live ? `${due} welcomes due now` : 'paused'})`;
}
