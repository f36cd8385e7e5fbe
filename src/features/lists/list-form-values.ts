import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { listWrite, type List, type ListWrite } from '../../../contract/lists';

/** The form's values: every writable member, with empty strings rather than absent ones. */
export type ListFormValues = {
  name: string;
  default_from_name: string;
  default_from_email: string;
  default_replyto_email: string;
  default_language: string;
  languages: string[];
  double_opt_in: boolean;
};

export const listFormFields = [
  'name',
  'default_from_name',
  'default_from_email',
  'default_replyto_email',
  'default_language',
  'languages',
  'double_opt_in',
] as const satisfies readonly (keyof ListFormValues)[];

/** The contract's write schema plus the rule docs/decisions/api-choices.md states across two fields. */
export const listFormSchema = listWrite.superRefine((value, ctx) => {
  if (
    value.languages &&
    value.default_language &&
    !value.languages.includes(value.default_language)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['default_language'],
      message: t`The default language must be one of the list’s languages.`,
    });
  }
}) as unknown as z.ZodType<ListWrite, ListFormValues>;

export const emptyListForm: ListFormValues = {
  name: '',
  default_from_name: '',
  default_from_email: '',
  default_replyto_email: '',
  default_language: 'en',
  languages: ['en'],
  double_opt_in: false,
};

export const listToForm = (l: List): ListFormValues => ({
  name: l.name,
  default_from_name: l.default_from_name,
  default_from_email: l.default_from_email,
  default_replyto_email: l.default_replyto_email,
  default_language: l.default_language,
  languages: l.languages,
  double_opt_in: l.double_opt_in ?? false,
});

/** The body to send; `double_opt_in` only to a server whose lists carry it. */
export function formToBody(values: ListWrite, withDoubleOptIn: boolean): ListWrite {
  const { double_opt_in, ...rest } = values;
  return withDoubleOptIn ? { ...rest, double_opt_in: double_opt_in ?? false } : rest;
}
