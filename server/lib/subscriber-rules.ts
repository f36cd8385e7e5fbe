import { regionCodeFormat, subscriberWrite } from '../../contract/subscribers.js';
import { canonicalRegionCode, isRegionCode } from './region-codes.js';

/**
 * The two subscriber rules the contract cannot check alone, shared by the subscribers API
 * and CSV imports so both refuse the same values with the same messages.
 */

/** `region`: a known ISO-3166-1/-2 code, stored upper-case. */
export const knownRegion = subscriberWrite.shape.region
  .unwrap()
  .superRefine((code, ctx) => {
    // A malformed code already has its message; one per problem, as DRF gives.
    if (code && regionCodeFormat.safeParse(code).success && !isRegionCode(code))
      ctx.addIssue({
        code: 'custom',
        message: `"${code}" is not a known ISO-3166-1 or ISO-3166-2 code.`,
      });
  })
  .transform(canonicalRegionCode);

/** `language`: one of the list's languages. */
export const listLanguage = (languages: readonly string[]) =>
  subscriberWrite.shape.language.unwrap().superRefine((code, ctx) => {
    // A malformed code already has its message; one per problem, as DRF gives.
    if (/^[a-z]{2}$/.test(code) && !languages.includes(code))
      ctx.addIssue({
        code: 'custom',
        message: `"${code}" is not one of the list's languages (${languages.join(', ')}).`,
      });
  });
