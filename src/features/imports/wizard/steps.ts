import { wizardSteps, type WizardStep } from './state';
import type { WizardData } from './use-wizard-data';

/** Which steps can be shown now: each needs what the ones before it produced. */
export function reachableSteps(
  data: Pick<WizardData, 'state' | 'table' | 'targets' | 'mapping' | 'problems' | 'checkBasis'>,
  listId: number | null,
  importId: number | null,
): Record<WizardStep, boolean> {
  const { state } = data;
  const format = listId !== null && state.sample !== null && state.format !== null;
  const columns = format && data.table !== null && data.targets !== null;
  const check = columns && data.mapping !== null && data.problems?.errors.length === 0;
  const checked =
    check && state.check.status === 'complete' && state.check.basis === data.checkBasis;
  return {
    file: true,
    format,
    columns,
    check,
    import: checked,
    result: listId !== null && importId !== null,
  };
}

/** The requested step, or the last reachable one before it. */
export function allowedStep(
  requested: WizardStep,
  reachable: Record<WizardStep, boolean>,
): WizardStep {
  const index = wizardSteps.indexOf(requested);
  for (let i = index; i > 0; i--) if (reachable[wizardSteps[i]!]) return wizardSteps[i]!;
  return 'file';
}

export const isWizardStep = (value: string | null): value is WizardStep =>
  value !== null && (wizardSteps as readonly string[]).includes(value);

/** Moves the wizard to a step, with extra URL parameters (what the wizard's screen does). */
export type GoTo = (step: WizardStep, extra?: Record<string, string | null>) => void;
