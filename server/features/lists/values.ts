import type { ListPatch } from '../../../contract/lists.js';
import { badRequest, type DrfErrors } from '../../lib/http-errors.js';
import { isLanguageCode } from '../../lib/languages.js';
import type { ListRow, ListValues } from './repository.js';

/**
 * The stored values after a create (no `existing`) or an update: defaults of docs/decisions/api-choices.md on
 * create, kept values for members a PUT or PATCH leaves out, and the cross-field rules.
 */
export function resolveListValues(
  input: ListPatch,
  existing: ListRow | undefined,
): Omit<ListValues, 'createUser' | 'updateUser'> {
  const defaultLanguage = input.default_language ?? existing?.defaultLanguage ?? 'en';
  const languages = dedupe(input.languages ?? existing?.languages ?? [defaultLanguage]);
  const errors: DrfErrors = {};
  const unknown = languages.filter((code) => !isLanguageCode(code));
  if (unknown.length)
    errors.languages = unknown.map((c) => `"${c}" is not a known ISO-639-1 language code.`);
  if (!isLanguageCode(defaultLanguage)) {
    errors.default_language = [`"${defaultLanguage}" is not a known ISO-639-1 language code.`];
  } else if (!languages.includes(defaultLanguage)) {
    errors.default_language = [
      `"${defaultLanguage}" must be one of the list's languages (${languages.join(', ')}).`,
    ];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    name: input.name ?? existing!.name,
    defaultFromName: input.default_from_name ?? existing!.defaultFromName,
    defaultFromEmail: input.default_from_email ?? existing!.defaultFromEmail,
    defaultReplytoEmail: input.default_replyto_email ?? existing?.defaultReplytoEmail ?? '',
    defaultLanguage,
    languages,
    doubleOptIn: input.double_opt_in ?? existing?.doubleOptIn ?? false,
  };
}

const dedupe = (codes: string[]) => [...new Set(codes)];
