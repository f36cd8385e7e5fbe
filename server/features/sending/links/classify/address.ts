import ipaddr from 'ipaddr.js';

/**
 * Addresses on the hot path: IPv4 (most hits) is read as a 32-bit number by one regular
 * expression, IPv6 by ipaddr.js, whose general parser costs several microseconds a call.
 */
const V4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/i;

function v4(address: string): [number, number, number, number] | null {
  const m = V4.exec(address);
  if (!m) return null;
  const parts = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as const;
  return parts.every((p) => p <= 255) ? [...parts] : null;
}
const numberOf = (p: readonly number[]) =>
  ((p[0]! << 24) | (p[1]! << 16) | (p[2]! << 8) | p[3]!) >>> 0;
const maskOf = (bits: number) => (bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0);

type Ranges = { v4: [number, number][]; v6: [ipaddr.IPv6, number][] };

/** Published ranges, parsed once. */
export function parseRanges(cidrs: readonly string[]): Ranges {
  const ranges: Ranges = { v4: [], v6: [] };
  for (const cidr of cidrs) {
    const [net, bits] = ipaddr.parseCIDR(cidr);
    if (net.kind() === 'ipv4') {
      const mask = maskOf(bits);
      ranges.v4.push([(numberOf((net as ipaddr.IPv4).octets) & mask) >>> 0, mask]);
    } else ranges.v6.push([net as ipaddr.IPv6, bits]);
  }
  return ranges;
}

/** Whether an address (or a stored block's network address) is in one of the ranges. */
export function inRanges(address: string | null, ranges: Ranges): boolean {
  if (!address) return false;
  const octets = v4(address);
  if (octets) {
    const ip = numberOf(octets);
    return ranges.v4.some(([net, mask]) => (ip & mask) >>> 0 === net);
  }
  if (ranges.v6.length === 0 || !ipaddr.IPv6.isValid(address)) return false;
  const ip = ipaddr.IPv6.parse(address);
  return ranges.v6.some(([net, bits]) => ip.match(net, bits));
}

/** IPv4 /24; IPv6 /48 (one site: docs/decisions/human-machine.md). */
const V6_BLOCK = 48;

/**
 * The block an address is stored as (`a.b.c.0/24`, `2001:db8:1::/48`), so one client's hits
 * can be told apart without keeping its address. IPv4 mapped in IPv6 counts as IPv4.
 */
export function blockOf(address: string | undefined): string | null {
  if (!address) return null;
  const octets = v4(address);
  if (octets) return `${octets[0]}.${octets[1]}.${octets[2]}.0/24`;
  if (!ipaddr.IPv6.isValid(address)) return null;
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address}/${V6_BLOCK}`);
  return `${network.toString()}/${V6_BLOCK}`;
}

/** A stored block's network address, which range rules test (exact for ranges of /24, /48 or wider). */
export const networkOf = (block: string | null) => (block ? block.split('/')[0]! : null);
