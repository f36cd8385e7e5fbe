import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { HitClass, HitReason } from '../../../contract/statistics';

/** How the screen names who made a hit, and why a machine was told from a person (issue 51). */
export const classLabels: Record<HitClass, MessageDescriptor> = {
  human: msg`People`,
  apple_proxy: msg`Apple Mail privacy proxy`,
  scanner: msg`Security scanners`,
  prefetch: msg`Link previews and bots`,
};

export const reasonLabels: Record<HitReason, MessageDescriptor> = {
  legacy: msg`Recorded before classification`,
  apple_proxy: msg`Apple’s proxy (address and agent)`,
  scanner_range: msg`A security gateway’s address`,
  scanner_agent: msg`A security gateway’s user agent`,
  head: msg`Only checked the link (HEAD)`,
  early: msg`Within seconds of sending`,
  burst: msg`Several links at once`,
  trap: msg`Followed the hidden link`,
  bot: msg`A known bot or link preview`,
  no_agent: msg`No user agent`,
  image_proxy: msg`A mail image proxy`,
};

/** A class's or reason's name in the active locale; an unknown one as the server sent it. */
export function labelOf(labels: Record<string, MessageDescriptor>, name: string) {
  const known = labels[name];
  return known ? i18n._(known) : name;
}
