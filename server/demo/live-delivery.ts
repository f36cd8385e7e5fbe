import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { deliveries, variants } from '../db/schema/index.js';
import { mailingsRepository } from '../features/mailings/index.js';
import type { DemoAudience } from './audience.js';
import { textLayout } from './mailing-plans.js';

/** About this many messages in all, so the live delivery is over within seconds. */
const LIVE_RECIPIENTS = 30;
const shop = 'https://lumiere.example.net';

const copy: Record<string, { subject: string; text: string }> = {
  fr: { subject: 'Les nouveautés de la semaine', text: 'Trois pièces en lin, arrivées ce matin.' },
  it: { subject: 'Le novità della settimana', text: 'Tre capi in lino, arrivati stamattina.' },
  en: { subject: "This week's arrivals", text: 'Three linen pieces, in this morning.' },
};

export const LIVE_MAILING_NAME = "Lumière: this week's arrivals";

/**
 * One small delivery `minutes` after now on the smallest demo list, so a newcomer sees
 * sending work: the mailing's live progress, the Outbox (the embedded one unless the person
 * set SMTP_URL) and the statistics fill while they look around. An ordinary scheduled
 * delivery, sent by the delivery engine when it is due; each variant's delivery is limited
 * to a few recipients (lowest subscriber ids first). Returns what it scheduled.
 */
export async function scheduleLiveDelivery(
  db: Executor,
  audience: DemoAudience,
  minutes: number,
): Promise<string | undefined> {
  const list = [...audience.lists].sort((a, b) => a.subscribers - b.subscribers)[0];
  if (!list) return undefined;
  const repo = mailingsRepository(db);
  const senders = (await repo.listDefaults(list.id))!;
  const at = new Date(Date.now() + minutes * 60_000);
  const urls = [`${shop}/nouveautes`, `${shop}/boutiques`];
  const mailingId = await repo.create({
    listId: list.id,
    name: LIVE_MAILING_NAME,
    campaign: 4,
    segments: [],
    userId: audience.userId,
    variants: list.languages.map((language) => {
      const text = copy[language] ?? copy.en!;
      const html = textLayout(text, urls);
      return {
        languages: [language],
        fromName: senders.defaultFromName,
        fromEmail: senders.defaultFromEmail,
        replytoEmail: senders.defaultReplytoEmail,
        subject: text.subject,
        text: html,
        source: () => html,
        images: [],
        scheduled: [at],
      };
    }),
  });
  const limit = Math.ceil(LIVE_RECIPIENTS / list.languages.length);
  await db
    .update(deliveries)
    .set({ limit })
    .where(
      inArray(
        deliveries.variantId,
        db
          .select({ id: variants.id })
          .from(variants)
          .where(sql`${variants.mailingId} = ${mailingId}`),
      ),
    );
  const when = minutes === 1 ? 'a minute' : `${minutes} minutes`;
  return `a live delivery of "${LIVE_MAILING_NAME}" to up to ${limit * list.languages.length} subscribers of ${list.name} in ${when}`;
}
