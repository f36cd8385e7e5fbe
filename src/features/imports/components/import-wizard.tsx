import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stepper } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { wizardSteps, stepLabels, type WizardStep } from '../wizard/state';
import { allowedStep, isWizardStep, reachableSteps, type GoTo } from '../wizard/steps';
import { useWizardData } from '../wizard/use-wizard-data';
import { CheckStep } from './check-step';
import { ColumnsStep } from './columns-step';
import { FileStep } from './file-step';
import { FormatStep } from './format-step';
import { ResultStep } from './result-step';
import { UploadStep } from './upload-step';

const positiveId = (raw: string | null) =>
  raw && /^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;

/**
 * The import wizard. The step, the list and the import live in the URL (`?list=&step=`),
 * the choices in the wizard store, so every step can be left and revisited without losing
 * anything; a step whose inputs are missing (after a reload, the file) falls back to the
 * last one that can be shown.
 */
export function ImportWizard() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const listId = positiveId(params.get('list'));
  const importId = positiveId(params.get('import'));
  const rawStep = params.get('step');
  const requested: WizardStep = isWizardStep(rawStep) ? rawStep : 'file';
  const data = useWizardData(listId);
  const reachable = reachableSteps(data, listId, importId);
  const step = allowedStep(requested, reachable);

  const goTo = useCallback<GoTo>(
    (next, extra = {}) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('step', next);
        for (const [key, value] of Object.entries(extra))
          if (value === null) updated.delete(key);
          else updated.set(key, value);
        return updated;
      }),
    [setParams],
  );
  const setListId = useCallback(
    (id: number | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (id === null) updated.delete('list');
          else updated.set('list', String(id));
          updated.delete('import');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (step !== requested && rawStep !== null)
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('step', step);
          return updated;
        },
        { replace: true },
      );
  }, [step, requested, rawStep, setParams]);

  const active = wizardSteps.indexOf(step);
  return (
    <>
      <Stepper
        active={active}
        onStepClick={(i) => goTo(wizardSteps[i]!)}
        size="sm"
        mb="xl"
        aria-label={t`Import steps`}
      >
        {wizardSteps.map((s) => (
          <Stepper.Step
            key={s}
            label={i18n._(stepLabels[s])}
            allowStepSelect={reachable[s] && s !== step}
            aria-current={s === step ? 'step' : undefined}
          />
        ))}
      </Stepper>
      {step === 'file' && (
        <FileStep data={data} listId={listId} onListChange={setListId} goTo={goTo} />
      )}
      {step === 'format' && <FormatStep data={data} goTo={goTo} />}
      {step === 'columns' && <ColumnsStep data={data} goTo={goTo} />}
      {step === 'check' && listId !== null && <CheckStep data={data} goTo={goTo} />}
      {step === 'import' && listId !== null && (
        <UploadStep data={data} listId={listId} goTo={goTo} />
      )}
      {step === 'result' && listId !== null && importId !== null && (
        <ResultStep data={data} listId={listId} importId={importId} goTo={goTo} />
      )}
      {listId !== null && (
        <Group justify="flex-end" mt="xl">
          <Anchor component={Link} to={`/lists/${listId}/imports`} size="sm">
            <Trans>Past imports of this list</Trans>
          </Anchor>
        </Group>
      )}
    </>
  );
}
