import type { HitClass, HitReason } from '../../../contract/statistics';

/** How the screen names who made a hit, and why a machine was told from a person (issue 51). */
export const classLabels: Record<HitClass, string> = {
  human: 'People',
  apple_proxy: 'Apple Mail privacy proxy',
  scanner: 'Security scanners',
  prefetch: 'Link previews and bots',
};

export const reasonLabels: Record<HitReason, string> = {
  legacy: 'Recorded before classification',
  apple_proxy: 'Apple’s proxy (address and agent)',
  scanner_range: 'A security gateway’s address',
  scanner_agent: 'A security gateway’s user agent',
  head: 'Only checked the link (HEAD)',
  early: 'Within seconds of sending',
  burst: 'Several links at once',
  trap: 'Followed the hidden link',
  bot: 'A known bot or link preview',
  no_agent: 'No user agent',
  image_proxy: 'A mail image proxy',
};

export const labelOf = (labels: Record<string, string>, name: string) => labels[name] ?? name;
