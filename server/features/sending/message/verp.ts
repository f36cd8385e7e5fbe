import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Key } from '../links/tokens.js';

/** The recipient a VERP return path names: one row of a delivery's send log. */
type VerpRef = { deliveryId: number; subscriberId: number };

export type Verp = {
  domain: string;
  /** `bounces+<delivery>-<subscriber>-<mac>@domain`, the envelope sender of one message. */
  address(ref: VerpRef): string;
  /** The recipient an address names, or null when it is not one of ours (or was changed). */
  parse(address: string): VerpRef | null;
};

const MAC_BYTES = 10;
const PATTERN = /^bounces\+([0-9a-z]{1,8})-([0-9a-z]{1,8})-([0-9a-f]{20})@(.+)$/;

/**
 * VERP (variable envelope return path, RETURN_PATH_DOMAIN): each message's envelope sender
 * names its recipient, so a DSN, which goes to the envelope sender, says whom it is about
 * even without the original Message-ID. The local part stays short (≤ 64 octets, RFC 5321)
 * and in lower case only (some relays fold the case of local parts): ids in base 36 and an
 * 80-bit HMAC in hex, made with the `verp` key of the current secret; the previous secret's
 * key is accepted too (rotation).
 */
export function createVerp(domain: string, keys: Key[]): Verp {
  const lowerDomain = domain.toLowerCase();
  const mac = (key: Key, d: string, s: string) =>
    createHmac('sha256', key.derived('verp'))
      .update(`${d}.${s}`)
      .digest()
      .subarray(0, MAC_BYTES)
      .toString('hex');
  return {
    domain: lowerDomain,
    address({ deliveryId, subscriberId }) {
      const d = deliveryId.toString(36);
      const s = subscriberId.toString(36);
      return `bounces+${d}-${s}-${mac(keys[0]!, d, s)}@${lowerDomain}`;
    },
    parse(address) {
      const match = PATTERN.exec(address.trim().replace(/^<|>$/g, '').toLowerCase());
      if (!match) return null;
      const [, d, s, given, at] = match as unknown as [string, string, string, string, string];
      if (at !== lowerDomain) return null;
      const ok = keys.some((k) => timingSafeEqual(Buffer.from(mac(k, d, s)), Buffer.from(given)));
      if (!ok) return null;
      const ref = { deliveryId: parseInt(d, 36), subscriberId: parseInt(s, 36) };
      return Number.isSafeInteger(ref.deliveryId) && Number.isSafeInteger(ref.subscriberId)
        ? ref
        : null;
    },
  };
}
