import { regionCodeFormat, subscriberWrite } from './subscribers.js';

/**
 * The two subscriber rules the write schema cannot check alone, shared by the subscribers
 * API, the server's CSV import and the browser's import check, so all three refuse the same
 * values with the same messages. The code set is a parameter: the server and the check
 * worker pass `isRegionCode` (contract/region-codes.ts), which is too heavy for the screens.
 */

/** `region`: a known ISO-3166-1/-2 code, stored upper-case. */
export const knownRegionWith = (isRegionCode: (code: string) => boolean) =>
  subscriberWrite.shape.region
    .unwrap()
    .superRefine((code, ctx) => {
      // A malformed code already has its message; one per problem, as DRF gives.
      if (code && regionCodeFormat.safeParse(code).success && !isRegionCode(code))
        ctx.addIssue({
          code: 'custom',
          message: `"${code}" is not a known ISO-3166-1 or ISO-3166-2 code.`,
        });
    })
    .transform((code) => code.toUpperCase());

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
