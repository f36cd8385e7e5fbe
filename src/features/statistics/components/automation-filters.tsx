import { useLingui } from '@lingui/react/macro';
import { NativeSelect } from '@mantine/core';
import type { AutomationOption } from '../scope';
import type { ViewChange, ViewState } from '../view-params';

/** The automation of the list, then one of its send steps (extension, issue 31). */
export function AutomationFilters({
  view,
  update,
  options,
}: {
  view: ViewState;
  update: (change: ViewChange) => void;
  options: readonly AutomationOption[];
}) {
  const { t } = useLingui();
  const chosen = options.find((a) => a.id === view.automation);
  const automationId = view.automation;
  const stepId = view.step;
  const automationChoices = options.map((a) => ({ value: String(a.id), label: a.name }));
  if (view.automation !== undefined && !chosen)
    automationChoices.push({
      value: String(view.automation),
      label: t`Automation id ${automationId}`,
    });
  const stepChoices = (chosen?.steps ?? []).map((s) => ({ value: String(s.id), label: s.label }));
  if (view.step !== undefined && !stepChoices.some((s) => s.value === String(view.step)))
    stepChoices.push({ value: String(view.step), label: t`Step id ${stepId}` });
  const toId = (value: string) => (value ? Number(value) : undefined);
  return (
    <>
      <NativeSelect
        label={t`Automation`}
        w={200}
        data={[{ value: '', label: t`Any (all mail)` }, ...automationChoices]}
        value={view.automation === undefined ? '' : String(view.automation)}
        onChange={(e) => update({ automation: toId(e.currentTarget.value) })}
      />
      {view.automation !== undefined && (
        <NativeSelect
          label={t`Step`}
          w={200}
          data={[{ value: '', label: t`All send steps` }, ...stepChoices]}
          value={view.step === undefined ? '' : String(view.step)}
          onChange={(e) => update({ step: toId(e.currentTarget.value) })}
        />
      )}
    </>
  );
}
