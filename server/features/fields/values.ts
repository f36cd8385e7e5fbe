import { z } from 'zod';
import {
  DEFAULT_STRING_MAX_LENGTH,
  checkTypeMembers,
  labelFromName,
  type customFieldPatch,
  type customFieldWrite,
} from '../../../contract/fields.js';
import { badRequest, issuesToDrf, type DrfErrors } from '../../lib/http-errors.js';
import type { FieldRow, FieldValues } from './repository.js';

type ChoiceInput = { value: string; display_name?: string | undefined }[] | undefined;

const choicesOf = (choices: ChoiceInput) =>
  choices?.map((c) => ({ value: c.value, display_name: c.display_name ?? c.value })) ?? null;

/** Stored values of a new field: the defaults of contract/fields.ts applied. */
export function newFieldValues(input: z.output<typeof customFieldWrite>): FieldValues {
  return {
    label: input.label ?? labelFromName(input.name),
    type: input.type,
    required: input.required ?? false,
    maxLength: input.type === 'string' ? (input.max_length ?? DEFAULT_STRING_MAX_LENGTH) : null,
    choices: input.type === 'choice' ? choicesOf(input.choices) : null,
    helpText: input.help_text ?? '',
  };
}

/** Changed values of a PATCH; name and type are fixed once a field exists. */
export function patchedFieldValues(
  existing: FieldRow,
  input: z.output<typeof customFieldPatch>,
): Partial<FieldValues> {
  const errors: DrfErrors = {};
  if (input.name !== undefined && input.name !== existing.name)
    errors.name = ['The name of a field cannot be changed.'];
  if (input.type !== undefined && input.type !== existing.type)
    errors.type = ['The type of a field cannot be changed.'];
  const rules = z.unknown().superRefine((_, ctx) =>
    checkTypeMembers(
      {
        type: existing.type,
        max_length: input.max_length,
        choices: input.choices ?? existing.choices ?? undefined,
      },
      ctx,
    ),
  );
  const checked = rules.safeParse(null);
  if (!checked.success) Object.assign(errors, issuesToDrf(checked.error.issues));
  if (Object.keys(errors).length) throw badRequest(errors);

  const values: Partial<FieldValues> = {};
  if (input.label !== undefined) values.label = input.label;
  if (input.required !== undefined) values.required = input.required;
  if (input.help_text !== undefined) values.helpText = input.help_text;
  if (input.max_length !== undefined && existing.type === 'string')
    values.maxLength = input.max_length ?? DEFAULT_STRING_MAX_LENGTH;
  if (input.choices !== undefined) values.choices = choicesOf(input.choices);
  return values;
}
