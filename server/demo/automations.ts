import type { StoredStep } from '../../contract/automations.js';
import type { Executor } from '../db/client.js';
import { automations } from '../db/schema/index.js';
import { automationsRepository } from '../features/automations/index.js';
import { mailingsRepository } from '../features/mailings/index.js';
import type { DemoAudience } from './audience.js';
import { HISTORY_DAYS, playWelcomeHistory } from './automation-history.js';
import { textLayout } from './mailing-plans.js';
import { seededRandom } from './random.js';

const DAY = 24 * 60;
const site = 'https://acme.example.com';
const sequence = [
  { name: 'Acme: welcome', subject: 'Welcome to Acme Weekly', text: 'Glad you are here.' },
  { name: 'Acme: tips', subject: 'Three tips to get started', text: 'Make the most of it.' },
  { name: 'Acme: welcome offer', subject: 'A welcome offer for you', text: '20 % off this week.' },
];

/**
 * A welcome sequence on the English list (issue 31): welcome now, tips after 2 days, the
 * offer after 7 days if the welcome was opened. Nothing is invented about sending: its last
 * two weeks are played through the engine (automation-history.ts), so its runs stand at every
 * step, finished, ended by the condition or by leaving, and its step mails have statistics.
 * Those who joined in the last hour are due: with `live` the automation stays active and the
 * first start sends their welcomes through the engine (to the Outbox); without it, it is
 * paused and holds them.
 */
export async function seedAutomation(db: Executor, audience: DemoAudience, live: boolean) {
  const list = audience.lists.find((l) => l.languages.length === 1) ?? audience.lists[0];
  if (!list) return undefined;
  const now = Date.now();
  const repo = mailingsRepository(db);
  const senders = (await repo.listDefaults(list.id))!;
  const urls = [`${site}/start`];
  const ids: number[] = [];
  for (const m of sequence) {
    const html = textLayout(m, urls);
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
  const switchedOn = new Date(now - HISTORY_DAYS * DAY * 60_000);
  const [automation] = await db
    .insert(automations)
    .values({
      listId: list.id,
      name: 'Welcome sequence',
      state: 'active',
      trigger: { type: 'subscribed', include_imports: false },
      triggerType: 'subscribed',
      steps,
      nextStepId: 7,
      createUser: audience.userId,
      updateUser: audience.userId,
      createDatetime: switchedOn,
      updateDatetime: switchedOn,
    })
    .returning();
  const due = await playWelcomeHistory(
    db,
    { id: automation!.id, urls },
    list,
    audience.userId,
    seededRandom(20260601),
    now,
  );
  if (!live) await automationsRepository(db).setState(automation!, 'paused', new Date(now));
  return `1 automation ("Welcome sequence" on ${list.name}, ${live ? `${due} welcomes due now` : 'paused'})`;
}
