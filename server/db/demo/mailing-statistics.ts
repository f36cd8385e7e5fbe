/** A delivery that went out, with whom it reached; input of `generateRecords`. */
export type SentDelivery = {
  deliveryId: number;
  mailingId: number;
  campaign: number | null;
  at: number;
  /** Links of the mailing, most popular first. */
  urls: string[];
  /** Multiplies the base open rate. */
  appeal: number;
  recipients: string[];
};

/** Rows in the shape the demo loader inserts (short keys keep the JSON small). */
export type RecordRow = { d: number; m: number; c: number | null; e: string; t: string };
export type GeneratedRecords = {
  opens: RecordRow[];
  clicks: (RecordRow & { u: string })[];
  bounces: (RecordRow & { h: boolean })[];
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WEEK = 7 * 24 * HOUR;

/** mulberry32: a small seeded PRNG, so every load produces the same shapes and counts. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Opens, clicks and bounces that look like a real send: about 2% bounces (a third hard)
 * within minutes; about 40% open, most within hours and a tail over days, a third of them
 * again later (so `unique` matters); a quarter of openers click, mostly the first link.
 * Nothing happens after `now`.
 */
export function generateRecords(
  sent: SentDelivery[],
  now: number,
  seed = 20240501,
): GeneratedRecords {
  const random = prng(seed);
  const exp = (mean: number) => -Math.log(1 - random()) * mean;
  const out: GeneratedRecords = { opens: [], clicks: [], bounces: [] };
  for (const delivery of sent) {
    const base = { d: delivery.deliveryId, m: delivery.mailingId, c: delivery.campaign };
    const row = (email: string, time: number) => ({
      ...base,
      e: email,
      t: new Date(time).toISOString(),
    });
    const pickUrl = () => {
      // Zipf-like: the first link gets the most clicks.
      const weights = delivery.urls.map((_, i) => 1 / (i + 1));
      let r = random() * weights.reduce((a, b) => a + b, 0);
      for (const [i, w] of weights.entries()) if ((r -= w) < 0) return delivery.urls[i]!;
      return delivery.urls[0]!;
    };
    for (const email of delivery.recipients) {
      if (random() < 0.02) {
        const time = delivery.at + random() * 30 * MINUTE;
        if (time <= now) out.bounces.push({ ...row(email, time), h: random() < 0.35 });
        continue;
      }
      if (random() >= 0.4 * delivery.appeal) continue;
      let open = delivery.at + Math.min(WEEK, random() < 0.65 ? exp(3 * HOUR) : exp(30 * HOUR));
      if (open > now) continue;
      out.opens.push(row(email, open));
      const clicker = random() < 0.25;
      for (let visit = 0; ; visit++) {
        if (clicker && (visit === 0 || random() < 0.3)) {
          const click = open + exp(8 * MINUTE);
          if (click <= now) out.clicks.push({ ...row(email, click), u: pickUrl() });
          const another = click + exp(3 * MINUTE);
          if (random() < 0.2 && another <= now) {
            out.clicks.push({ ...row(email, another), u: pickUrl() });
          }
        }
        if (random() >= 0.35) break;
        open += exp(14 * HOUR) + MINUTE;
        if (open > now) break;
        out.opens.push(row(email, open));
      }
    }
  }
  const byTime = (a: RecordRow, b: RecordRow) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0);
  out.opens.sort(byTime);
  out.clicks.sort(byTime);
  out.bounces.sort(byTime);
  return out;
}
