import { isbot } from 'isbot';
import { apple, imageProxies, scanners, windows } from './signals.js';
import type { HitReason } from '../../../../../contract/statistics.js';
import { inRanges, parseRanges } from './address.js';
import { bit } from './reasons.js';

/**
 * Human or machine, and why (issue 51; docs/decisions/human-machine.md): the rules, one
 * function each, over what one hit tells. The signal lists are the JSON files in signals/
 * (sources and date inside); the burst rule, which needs the hits around this one, is
 * burst.ts's pass over stored hits.
 */
export type HitSignals = {
  /** The client's address, or a stored block's network address. */
  address: string | null;
  agent: string | null;
  head: boolean;
  /** Since the message was sent; null when unknown. */
  seconds: number | null;
  /** A hit of the trap link (no person can see it). */
  trap: boolean;
};

const appleRanges = parseRanges(apple.ranges);
const scannerRanges = parseRanges(scanners.ranges);

/**
 * What an agent alone tells, remembered per agent: a few thousand distinct agents make most
 * hits, and isbot's pattern costs tens of microseconds a call (bench/human-machine.bench.ts).
 */
type AgentTraits = {
  blank: boolean;
  apple: boolean;
  scanner: boolean;
  imageProxy: boolean;
  bot: boolean;
};
const known = new Map<string, AgentTraits>();
const KNOWN_MAX = 10_000;
function traitsOf(agent: string | null): AgentTraits {
  const key = agent ?? '';
  let traits = known.get(key);
  if (!traits) {
    const text = key.toLowerCase();
    const has = (markers: readonly string[]) => markers.some((m) => text.includes(m));
    const blank = key.trim() === '';
    const imageProxy = !blank && has(imageProxies.agents);
    traits = {
      blank,
      apple: apple.agents.includes(key.trim()),
      scanner: !blank && has(scanners.agents),
      imageProxy,
      bot: !blank && !imageProxy && isbot(key),
    };
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(key, traits);
  }
  return traits;
}
const appleProxy = (s: HitSignals) => traitsOf(s.agent).apple && inRanges(s.address, appleRanges);

/** One rule per reason; each looks at the hit alone. */
export const rules: Record<Exclude<HitReason, 'legacy' | 'burst'>, (s: HitSignals) => boolean> = {
  apple_proxy: appleProxy,
  scanner_range: (s) => inRanges(s.address, scannerRanges),
  scanner_agent: (s) => traitsOf(s.agent).scanner,
  head: (s) => s.head,
  early: (s) => s.seconds !== null && s.seconds < windows.early_seconds,
  trap: (s) => s.trap,
  image_proxy: (s) => traitsOf(s.agent).imageProxy,
  // isbot lists the image proxies and Apple's plain agent too: those are decided above.
  bot: (s) => traitsOf(s.agent).bot && !appleProxy(s),
  no_agent: (s) => traitsOf(s.agent).blank,
};

const entries = Object.entries(rules) as [HitReason, (s: HitSignals) => boolean][];

/** The reasons bitmask of one hit (reasons.ts turns it into a class). */
export function reasonsOf(s: HitSignals): number {
  let reasons = 0;
  for (const [reason, test] of entries) if (test(s)) reasons |= bit(reason);
  return reasons;
}

export const EARLY_SECONDS = windows.early_seconds;
export const BURST = {
  seconds: windows.burst_seconds,
  links: windows.burst_links,
  lookbackMinutes: windows.burst_lookback_minutes,
};

/**
 * The URL of the trap link every tracked message carries where no person can see or reach
 * it (message/render.ts): whatever follows it is a machine.
 */
export const TRAP_URL = 'https://mailboard.invalid/trap';
