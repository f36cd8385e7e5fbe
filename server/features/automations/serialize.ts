import type { RunState, StepStats, StoredStep } from '../../../contract/automations.js';
import type { automationRuns } from '../../db/schema/index.js';
import { EMPTY } from './automation-stats.js';
import type { AutomationRow } from './repository.js';
import { apiSteps } from './steps.js';

/** An automation as the API shows it, with its runs and per-step counts. */
export function serializeAutomation(
  row: AutomationRow,
  stats: { runs: Record<RunState, number>; steps: Map<number, StepStats> },
) {
  const steps = apiSteps(row.steps).map((step) => ({
    ...step,
    stats: stats.steps.get(step.id!) ?? { ...EMPTY },
  }));
  const trigger =
    row.trigger.type === 'subscribed'
      ? { type: 'subscribed', include_imports: row.includeImports }
      : row.trigger;
  return {
    id: row.id,
    list: row.listId,
    name: row.name,
    state: row.state,
    trigger,
    steps,
    reenter: row.reenter,
    time_zone: row.timeZone,
    runs: stats.runs,
    create_datetime: row.createDatetime.toISOString(),
    update_datetime: row.updateDatetime.toISOString(),
  };
}

export function serializeRun(row: typeof automationRuns.$inferSelect, steps: StoredStep[]) {
  const index = steps.findIndex((s) => s.id === row.stepId);
  return {
    id: row.id,
    subscriber: row.subscriberId,
    email: row.email,
    entry: row.entry,
    state: row.state,
    step: index >= 0 ? index : null,
    due_datetime: row.dueDatetime?.toISOString() ?? null,
    exit_reason: row.exitReason,
    start_datetime: row.startDatetime.toISOString(),
    end_datetime: row.endDatetime?.toISOString() ?? null,
  };
}
