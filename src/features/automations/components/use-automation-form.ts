import { useState } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import type { Automation } from '../../../api/automations';
import { describeError, fieldErrors, isApiError } from '../../../api/errors';
import { automationWrite } from '../../../../contract/automations';
import { emptyForm, formPath, toBody, toForm, type AutomationForm } from '../form-model';
import { browserTimeZone } from './time-zone-select';

export type SubmitAutomation = (body: ReturnType<typeof toBody>) => Promise<unknown>;

/**
 * The builder's form: its values (the automation's, or a new one in the browser's zone), its
 * steps as a field array, and a submit that checks the body against the contract before
 * sending it, putting each error the check or the API finds on its control.
 */
export function useAutomationForm(automation: Automation | undefined, onSubmit: SubmitAutomation) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<AutomationForm>({
    defaultValues: automation ? toForm(automation) : emptyForm(browserTimeZone()),
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });

  /** Puts each message on its control (API paths mapped to the builder's), the rest above. */
  const showErrors = (byPath: Record<string, string[]>) => {
    const rest: string[] = [];
    for (const [path, messages] of Object.entries(byPath)) {
      const target = formPath(path);
      if (target === 'root') rest.push(...messages);
      else form.setError(target as Path<AutomationForm>, { message: messages.join(' ') });
    }
    setFormErrors(rest);
  };

  const submit = form.handleSubmit(async (v) => {
    setFormErrors([]);
    const body = toBody(v);
    const checked = automationWrite.safeParse(body);
    if (!checked.success) {
      const byPath: Record<string, string[]> = {};
      for (const issue of checked.error.issues)
        (byPath[issue.path.join('.') || 'root'] ??= []).push(issue.message);
      showErrors(byPath);
      return;
    }
    try {
      await onSubmit(body);
    } catch (err) {
      if (isApiError(err, 400)) showErrors(fieldErrors(err));
      else setFormErrors([describeError(err)]);
    }
  });

  return { form, steps, formErrors, submit };
}
