import type { AutomationStep, StoredStep } from '../../../contract/automations.js';
import { addLocalDays, localParts, zonedHour } from './local-time.js';

/**
 * The API's steps → stored steps. A step that names an existing id keeps it (runs at that
 * step stay there); one without gets the next id, so a step added later is one no run has
 * passed. Conditions on a send step's mail name it by index in the API, by id when stored.
 * Returns the steps, the next free id, and unknown ids (by index) for a 400.
 */
export function storeSteps(steps: AutomationStep[], existing: StoredStep[], nextId: number) {
  const known = new Set(existing.map((s) => s.id));
  const unknownIds: number[] = [];
  const seen = new Set<number>();
  let next = nextId;
  const ids = steps.map((step, i) => {
    if (step.id !== undefined && known.has(step.id) && !seen.has(step.id)) {
      seen.add(step.id);
      return step.id;
    }
    if (step.id !== undefined) unknownIds.push(i);
    return next++;
  });
  const stored = steps.map((step, i): StoredStep => {
    const stepId = ids[i]!;
    if (step.type === 'wait') {
      const { id: _id, ...rest } = step;
      return { ...rest, id: stepId };
    }
    if (step.type === 'send') return { id: stepId, type: 'send', mailing: step.mailing };
    const when =
      'opened' in step.if
        ? { opened: ids[step.if.opened]! }
        : 'clicked' in step.if
          ? { clicked: ids[step.if.clicked]! }
          : { segment: step.if.segment };
    return { id: stepId, type: 'condition', if: when, else: step.else ?? 'stop' };
  });
  return { stored, nextId: next, unknownIds };
}

/** Stored steps → the API's (conditions name a step by index again). */
export function apiSteps(steps: StoredStep[]): AutomationStep[] {
  const index = new Map(steps.map((s, i) => [s.id, i]));
  return steps.map((step) => {
    if (step.type !== 'condition') return { ...step };
    const when =
      'opened' in step.if
        ? { opened: index.get(step.if.opened) ?? -1 }
        : 'clicked' in step.if
          ? { clicked: index.get(step.if.clicked) ?? -1 }
          : { segment: step.if.segment };
    return { ...step, if: when };
  });
}

/**
 * When a wait ends: `minutes` after `from`, or the next `until.hour` in the automation's time
 * zone, on `until.weekday` (of that zone's calendar) when given, strictly after `from`.
 */
export function waitEnds(
  step: Extract<StoredStep, { type: 'wait' }>,
  from: Date,
  timeZone: string,
): Date {
  if (step.minutes !== undefined) return new Date(from.getTime() + step.minutes * 60_000);
  const until = step.until ?? { hour: 0 };
  const today = localParts(timeZone, from);
  let at = from;
  for (let i = 0; i < 9; i++) {
    const day = addLocalDays(today, i);
    at = zonedHour(timeZone, day, until.hour);
    if (at > from && (until.weekday === undefined || day.weekday === until.weekday)) return at;
  }
  return at;
}

/** The variant a subscriber gets, as deliveries choose it (sending/engine/recipients.ts). */
export function variantFor(
  variants: { id: number; position: number; languages: string[] }[],
  language: string,
): number | undefined {
  const ordered = [...variants].sort((a, b) => a.position - b.position);
  const own = ordered.find((v) => v.languages.includes(language));
  return (own ?? ordered.find((v) => v.languages.length === 0) ?? ordered[0])?.id;
}
