import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { AutomationState, RunState } from '../../../contract/automations';

export const stateColor: Record<AutomationState, string> = {
  draft: 'gray',
  active: 'green',
  paused: 'yellow',
};

const stateLabels: Record<AutomationState | RunState, MessageDescriptor> = {
  draft: msg`draft`,
  active: msg`active`,
  paused: msg`paused`,
  finished: msg`finished`,
  exited: msg`exited`,
};

/** An automation's or a run's state for people (called while rendering). */
export const stateLabel = (state: string) => {
  const known = stateLabels[state as AutomationState | RunState];
  return known ? i18n._(known) : state;
};

/** A trigger in words, as the list and the builder show it (hours in the automation's zone). */
export function triggerSummary(
  trigger: { type: string; [key: string]: unknown },
  timeZone = 'UTC',
): string {
  if (trigger.type === 'subscribed')
    return trigger.include_imports ? t`Subscribed (imports too)` : t`Subscribed`;
  if (trigger.type === 'segment_entered') {
    const segment = String(trigger.segment);
    return t`Entered segment #${segment}`;
  }
  if (trigger.type === 'date_field') {
    const field = String(trigger.field);
    const hour = String(trigger.hour);
    return t`${field} is today, at ${hour}:00 ${timeZone}`;
  }
  return trigger.type;
}

const UNITS = { days: 24 * 60, hours: 60, minutes: 1 } as const;
export type WaitUnit = keyof typeof UNITS;

/** Minutes as the largest whole unit: 2880 → 2 days. */
export function splitMinutes(minutes: number): { amount: number; unit: WaitUnit } {
  for (const unit of ['days', 'hours'] as const)
    if (minutes % UNITS[unit] === 0) return { amount: minutes / UNITS[unit], unit };
  return { amount: minutes, unit: 'minutes' };
}

export const toMinutes = (amount: number, unit: WaitUnit) => Math.round(amount * UNITS[unit]);
