import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DeliveryAction, DeliveryProgress, DeliveryState } from '../../api/deliveries';

/** How often a delivery that is going out (or about to) is asked for its progress. */
export const LIVE_REFRESH_MS = 2_000;

/** A delivery whose numbers can still change by themselves: the page keeps polling it. */
export const isLive = (d: Pick<DeliveryState, 'status'>) =>
  d.status === 'scheduled' || d.status === 'running';

/** A delivery scheduled further ahead than this is checked slowly: nothing moves before. */
const SOON_MS = 2 * 60_000;
export const SCHEDULED_REFRESH_MS = 30_000;

/**
 * How often a mailing's deliveries are asked again: every LIVE_REFRESH_MS while one is
 * sending or due within two minutes (progress shows live), every SCHEDULED_REFRESH_MS while
 * the next is further ahead, never once none will change by itself.
 */
export function refreshInterval(
  deliveries: Pick<DeliveryState, 'status' | 'scheduled_datetime'>[],
  now = Date.now(),
): number | false {
  const live = deliveries.filter(isLive);
  if (!live.length) return false;
  const soon = live.some(
    (d) => d.status === 'running' || Date.parse(d.scheduled_datetime) - now <= SOON_MS,
  );
  return soon ? LIVE_REFRESH_MS : SCHEDULED_REFRESH_MS;
}

const statusLabels: Record<string, { label: MessageDescriptor; color: string }> = {
  scheduled: { label: msg`Scheduled`, color: 'blue' },
  running: { label: msg`Sending`, color: 'teal' },
  paused: { label: msg`Paused`, color: 'yellow' },
  cancelled: { label: msg`Cancelled`, color: 'gray' },
  done: { label: msg`Done`, color: 'green' },
  missed: { label: msg`Missed`, color: 'orange' },
};

/** A status for people, in the active locale (called while rendering). */
export const statusLabel = (status: string) => {
  const known = statusLabels[status];
  return known
    ? { label: i18n._(known.label), color: known.color }
    : { label: status, color: 'gray' };
};

/**
 * Recipients dealt with (sent, failed, bounced, skipped or suppressed), in percent of all,
 * rounded down.
 */
export function processedPercent(p: DeliveryProgress): number {
  if (p.total <= 0) return 0;
  const processed = p.sent + p.failed + p.bounced + (p.skipped ?? 0) + (p.suppressed ?? 0);
  return Math.min(100, Math.floor((processed / p.total) * 100));
}

/**
 * The actions that apply to a delivery as it stands; the server has the last word (400 when
 * one stopped applying meanwhile). Pausing and cancelling stop what has not gone out yet;
 * "retry failed" queues again the recipients whose sending failed, once nothing else runs
 * for them, so not while the delivery is still waiting for its time.
 */
export function availableActions(d: Pick<DeliveryState, 'status' | 'progress'>): DeliveryAction[] {
  const actions: DeliveryAction[] = [];
  if (d.status === 'scheduled' || d.status === 'running') actions.push('pause');
  if (d.status === 'paused') actions.push('resume');
  if (d.status === 'scheduled' || d.status === 'running' || d.status === 'paused')
    actions.push('cancel');
  if (d.progress.failed > 0 && ['running', 'paused', 'done'].includes(d.status))
    actions.push('retry');
  return actions;
}
