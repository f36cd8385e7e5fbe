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
  /** The list's active subscribers the delivery was addressed to (by subscriber id). */
  recipients: { id: number; email: string }[];
};

/** Rows in the shape the demo loader inserts (short keys keep the JSON small). */
export type RecordRow = { d: number; m: number; c: number | null; e: string; t: string };
/**
 * A row of the delivery's send log (`delivery_recipients`): `bounced` when the server
 * refused the message (a hard bounce, as an SMTP 5xx answer), else `sent` (a soft bounce
 * arrives later, as a report, and leaves the message sent).
 */
export type RecipientRow = { d: number; s: number; e: string; st: 'sent' | 'bounced'; t: string };
export type GeneratedRecords = {
  opens: RecordRow[];
  clicks: (RecordRow & { u: string })[];
  bounces: (RecordRow & { h: boolean })[];
  recipients: RecipientRow[];
  /** Subscribers a hard bounce set `bounced`, with when. */
  hardBounced: { s: number; t: string }[];
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
 * The send log and the opens, clicks and bounces of a real send, consistent with each other:
 * every recipient has a send-log row; about 2% bounce (a third hard) within minutes; about 40%
 * open, most within hours and a tail over days, a third of them again later (so `unique`
 * matters); a quarter of openers click, mostly the first link. Only recipients open, click or
 * bounce. Deliveries are played in time order and a hard bounce sets the subscriber `bounced`,
 * so later deliveries of the list no longer reach them. Nothing happens after `now`.
 */
export function generateRecords(
  sent: SentDelivery[],
  now: number,
  seed = 20240501,
): GeneratedRecords {
  const random = prng(seed);
  const exp = (mean: number) => -Math.log(1 - random()) * mean;
  const out: GeneratedRecords = {
    opens: [],
    clicks: [],
    bounces: [],
    recipients: [],
    hardBounced: [],
  };
  const gone = new Set<number>();
  for (const delivery of [...sent].sort((a, b) => a.at - b.at)) {
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
    for (const { id, email } of delivery.recipients) {
      if (gone.has(id)) continue;
      const sentAt = new Date(delivery.at + random() * 20 * MINUTE).toISOString();
      const logRow = { d: delivery.deliveryId, s: id, e: email, t: sentAt };
      if (random() < 0.02) {
        const hard = random() < 0.35;
        const time = hard ? Date.parse(sentAt) : delivery.at + random() * 30 * MINUTE + 20 * MINUTE;
        out.bounces.push({ ...row(email, time), h: hard });
        out.recipients.push({ ...logRow, st: hard ? 'bounced' : 'sent' });
        if (hard) {
          gone.add(id);
          out.hardBounced.push({ s: id, t: sentAt });
        }
        continue;
      }
      out.recipients.push({ ...logRow, st: 'sent' });
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
