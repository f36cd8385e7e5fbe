import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { Executor } from '../db/client.js';
import { deliveries, subscribers, variants } from '../db/schema/index.js';
import {
  importZipLayout,
  mailingsRepository,
  type ImportedLayout,
  type ListDefaults,
  type NewVariant,
} from '../features/mailings/index.js';
import type { DemoAudience, DemoList } from './audience.js';
import { plans, textLayout, type MailingPlan } from './mailing-plans.js';
import { withActor } from '../lib/actor.js';
import { generateRecords, type GeneratedRecords, type SentDelivery } from './mailing-statistics.js';

const HOUR_MS = 3_600_000;
const layoutsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../e2e/fixtures/layouts',
);

/**
 * Demo mailings with statistics (mailing-plans.ts): four campaigns and two mailings without,
 * en and de variants on the German/English list, two zipped layouts with images, deliveries
 * over the last 30 days plus one scheduled. Times are relative to now, so charts show recent
 * data; counts and shapes come from a seeded PRNG and stay the same on every load.
 */
export async function seedMailings(db: Executor, audience: DemoAudience): Promise<string> {
  const now = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const repo = mailingsRepository(db);
  const sent: SentDelivery[] = [];
  let created = 0;
  for (const plan of plans) {
    const list = listFor(audience.lists, plan.languages);
    if (!list) continue;
    const senders = (await repo.listDefaults(list.id))!;
    const layout = plan.zipLayout ? await fixtureLayout(plan.zipLayout) : undefined;
    const mailingId = await repo.create({
      listId: list.id,
      name: plan.name,
      campaign: plan.campaign,
      segments: [],
      userId: audience.userId,
      variants: plan.languages.map((language) => variantOf(plan, senders, language, layout, now)),
    });
    created++;
    if (plan.hoursAgo.some((h) => h > 0)) {
      sent.push(...(await deliveriesOf(db, mailingId, plan, list, now)));
    }
  }
  // The demo's past deliveries went out (their statistics say so): done, not missed.
  await db.execute(sql`UPDATE deliveries SET status = 'done', started_datetime = scheduled_datetime,
      finished_datetime = scheduled_datetime + interval '30 minutes'
    WHERE scheduled_datetime <= ${new Date(now).toISOString()}::timestamptz`);
  const records = generateRecords(sent, now);
  await insertRecords(db, records);
  await insertSendLog(db, records);
  const campaigns = new Set(plans.map((p) => p.campaign).filter((c) => c !== null)).size;
  const total = records.opens.length + records.clicks.length + records.bounces.length;
  return `${created} mailings in ${campaigns} campaigns, ${total.toLocaleString('en')} statistic records`;
}

/** The list whose languages are exactly the plan's (in any order). */
const listFor = (lists: DemoList[], languages: string[]) =>
  lists.find(
    (l) =>
      l.languages.length === languages.length && languages.every((c) => l.languages.includes(c)),
  );

function variantOf(
  plan: MailingPlan,
  senders: ListDefaults,
  language: string,
  layout: ImportedLayout | undefined,
  now: number,
): NewVariant {
  const copy = plan.copy[language]!;
  const html = textLayout(copy, plan.urls);
  const zipped = layout && language === 'en';
  return {
    languages: [language],
    fromName: senders.defaultFromName,
    fromEmail: senders.defaultFromEmail,
    replytoEmail: senders.defaultReplytoEmail,
    subject: copy.subject,
    text: html,
    source: zipped ? layout.source : () => html,
    images: zipped ? layout.images : [],
    scheduled: plan.hoursAgo.map((h) => new Date(now - h * HOUR_MS)),
  };
}

/**
 * Each variant's deliveries reach the subscribers of its language (unknown languages get
 * the list's default); several deliveries of one variant split that audience between them.
 */
async function deliveriesOf(
  db: Executor,
  mailingId: number,
  plan: MailingPlan,
  list: DemoList,
  now: number,
): Promise<SentDelivery[]> {
  // Whom the engine would have sent to: the list's active subscribers (the others left or
  // bounced before the demo's deliveries; hard bounces during them are played in order).
  const people = await db
    .select({ id: subscribers.id, email: subscribers.email, language: subscribers.language })
    .from(subscribers)
    .where(and(eq(subscribers.listId, list.id), eq(subscribers.subscription, 'active')))
    .orderBy(asc(subscribers.id));
  const rows = await db
    .select({ id: deliveries.id, at: deliveries.scheduledDatetime, languages: variants.languages })
    .from(deliveries)
    .innerJoin(variants, eq(variants.id, deliveries.variantId))
    .where(eq(variants.mailingId, mailingId))
    .orderBy(asc(deliveries.id));
  const sent: SentDelivery[] = [];
  for (const language of plan.languages) {
    const own = rows.filter((r) => r.languages[0] === language && r.at.getTime() < now);
    const audience = people.filter(
      (p) => (plan.languages.includes(p.language) ? p.language : list.defaultLanguage) === language,
    );
    own.forEach((row, k) =>
      sent.push({
        deliveryId: row.id,
        mailingId,
        campaign: plan.campaign,
        at: row.at.getTime(),
        urls: plan.urls,
        appeal: plan.appeal,
        recipients: audience
          .filter((_, i) => i % own.length === k)
          .map((p) => ({ id: p.id, email: p.email })),
      }),
    );
  }
  return sent;
}

/** A fixture layout of e2e/fixtures/layouts, zipped and imported like an upload. */
async function fixtureLayout(name: string): Promise<ImportedLayout | undefined> {
  const root = path.join(layoutsDir, name);
  if (!existsSync(root)) return undefined;
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else files[path.relative(root, full).split(path.sep).join('/')] = readFileSync(full);
    }
  };
  walk(root);
  const zip = Buffer.from(zipSync(files)).toString('base64');
  return importZipLayout(`data:application/zip;base64,${zip}`);
}

/** Bulk inserts through json_to_recordset: one statement per 5,000 records. */
export async function insertRecords(db: Executor, records: GeneratedRecords) {
  const insert = async (table: string, extra: '' | 'url' | 'hard', rows: object[]) => {
    const column = sql.raw(extra ? `, ${extra}` : '');
    const value = sql.raw(extra === 'url' ? ', u' : extra === 'hard' ? ', h' : '');
    const type = sql.raw(extra === 'url' ? ', u text' : extra === 'hard' ? ', h boolean' : '');
    for (let i = 0; i < rows.length; i += 5000) {
      const json = JSON.stringify(rows.slice(i, i + 5000));
      await db.execute(sql`
        INSERT INTO ${sql.raw(table)} (delivery_id, mailing_id, campaign, email, datetime ${column})
        SELECT d, m, c, e, t ${value}
        FROM json_to_recordset(${json}::json) AS x(d int, m int, c int, e text, t timestamptz ${type})`);
    }
  };
  await insert('stat_opens', '', records.opens);
  await insert('stat_clicks', 'url', records.clicks);
  await insert('stat_bounces', 'hard', records.bounces);
}

/**
 * The deliveries' send log, as the engine writes it (delivery_recipients, whose rows are the
 * deliveries' progress), and the subscribers a hard bounce set `bounced`, recorded in their
 * history as the engine's bounce handling records it (via `bounce`, at the bounce's time).
 */
async function insertSendLog(db: Executor, records: GeneratedRecords) {
  for (let i = 0; i < records.recipients.length; i += 5000) {
    const json = JSON.stringify(records.recipients.slice(i, i + 5000));
    await db.execute(sql`
      INSERT INTO delivery_recipients (delivery_id, subscriber_id, email, state, attempts,
                                       next_attempt_datetime, sent_datetime, message_id, smtp_response)
      SELECT d, s, e, st, 1, t, t, '<demo-' || d || '-' || s || '@mailboard.invalid>',
             CASE st WHEN 'sent' THEN '250 2.0.0 OK' ELSE '550 5.1.1 User unknown' END
      FROM json_to_recordset(${json}::json) AS x(d int, s int, e text, st text, t timestamptz)`);
  }
  await setHardBounced(db, records.hardBounced);
}

/**
 * Subscribers a hard bounce set `bounced`, recorded in their history as the engine's bounce
 * handling records it (via `bounce`), at the bounce's time rather than the load's.
 */
export async function setHardBounced(db: Executor, hardBounced: GeneratedRecords['hardBounced']) {
  if (hardBounced.length === 0) return;
  const json = JSON.stringify(hardBounced);
  await withActor(db, { userId: null, via: 'bounce' });
  await db.execute(sql`
    UPDATE subscribers SET subscription = 'bounced', update_datetime = x.t
      FROM json_to_recordset(${json}::json) AS x(s int, t timestamptz) WHERE id = x.s`);
  await db.execute(sql`
    UPDATE subscriber_history h SET at = x.t
      FROM json_to_recordset(${json}::json) AS x(s int, t timestamptz)
     WHERE h.subscriber_id = x.s AND h.via = 'bounce'`);
  // The rest of the demo's transaction is no bounce.
  await db.execute(sql`SELECT set_config('mailboard.actor', '', true)`);
}
