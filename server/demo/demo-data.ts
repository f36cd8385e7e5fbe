import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { seedAudience, type DemoAudience } from './audience.js';
import { spreadAudienceHistory } from './audience-history.js';
import { seedAutomation } from './automations.js';
import { scheduleLiveDelivery } from './live-delivery.js';
import { seedMailings } from './mailings.js';
import { seedCampaigns, seedSegments } from './segments.js';
import { seedTemplates } from './templates.js';
import { lists } from '../db/schema/index.js';
import { rebuildGrowthDays } from '../features/overview/index.js';

export type DemoOptions = {
  /** Schedule one small live delivery this many minutes after loading (live-delivery.ts). */
  liveDeliveryMinutes?: number;
};

/**
 * Loads the deterministic demo data into an empty database and says what it loaded, or
 * returns undefined when the database already has lists. One transaction: a start that
 * fails halfway leaves nothing behind, so the next start tries again.
 */
export async function loadDemoData(db: Db, options: DemoOptions = {}): Promise<string | undefined> {
  const [existing] = await db.select({ n: count() }).from(lists);
  if (existing!.n > 0) return undefined;
  return db.transaction(async (tx) => {
    const audience = await seedAudience(tx);
    await spreadAudienceHistory(tx);
    const parts = [describeAudience(audience)];

    // ── Mailings ─────────────────────────────────────────────────────────────────────
    // Mailings, deliveries and statistics build on the audience here:
    await seedCampaigns(tx, audience.userId);
    parts.push(await seedMailings(tx, audience));
    parts.push(`${await seedSegments(tx, audience)} segments`);
    parts.push(`${await seedTemplates(tx)} starter templates`);
    const automation = await seedAutomation(
      tx,
      audience,
      options.liveDeliveryMinutes !== undefined,
    );
    if (automation) parts.push(automation);
    if (options.liveDeliveryMinutes !== undefined) {
      const live = await scheduleLiveDelivery(tx, audience, options.liveDeliveryMinutes);
      if (live) parts.push(live);
    }
    // ─────────────────────────────────────────────────────────────────────────────────

    // The history was played in the past: the home's growth days are counted from it.
    await rebuildGrowthDays(tx);
    return parts.join('; ');
  });
}

function describeAudience(audience: DemoAudience): string {
  const total = audience.lists.reduce((sum, l) => sum + l.subscribers, 0);
  const names = audience.lists.map((l) => `${l.name} (${l.languages.join('+')})`).join(', ');
  return `${audience.lists.length} lists (${names}), ${total.toLocaleString('en')} subscribers`;
}
