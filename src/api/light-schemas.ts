import * as z from 'zod/mini';
import type { Envelope } from '../../contract/common';
import type { Language } from '../../contract/languages';
import type { List } from '../../contract/lists';
import type { Region, RegionDetail } from '../../contract/regions';

/**
 * zod/mini twins of the contract's response schemas for the screens everyone opens first
 * (lists, regions, languages). Importing a contract module at runtime loads classic zod
 * (~24 KB gzip), which alone would break those screens' weight budget (issue 4). Types
 * still come from the contract; light-schemas.test.ts checks both accept and reject the
 * same data. Forms keep using the contract's schemas: they load classic zod anyway.
 */
const int = () => z.number().check(z.int());
const datetime = z.iso.datetime();

export const lightEnvelope = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    count: int(),
    next: z.nullable(z.string()),
    previous: z.nullable(z.string()),
    results: z.array(item),
  });

const counts = z.object({
  active: int(),
  pending: int(),
  bounced: int(),
  unsubscribed: int(),
  deleted: int(),
});

export const lightList = z.looseObject({
  id: int(),
  create_datetime: datetime,
  create_user: z.nullable(int()),
  update_datetime: datetime,
  update_user: z.nullable(int()),
  name: z.string(),
  default_from_name: z.string(),
  default_from_email: z.string(),
  default_replyto_email: z.string(),
  default_language: z.string(),
  languages: z.array(z.string()),
  double_opt_in: z.optional(z.boolean()),
  subscriber_counts: z.optional(counts),
});

export const lightRegion = z.looseObject({ code: z.string(), name: z.string() });
export const lightRegionDetail = z.looseObject({
  code: z.string(),
  name: z.string(),
  country: z.nullable(z.string()),
  regions: z.array(lightRegion),
});
export const lightLanguage = z.looseObject({ code: z.string(), name: z.string() });

// Compile-time parity: what these schemas produce is what the contract's types promise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const parity: [
  Same<z.output<typeof lightList>, List>,
  Same<z.output<typeof lightRegion>, Region>,
  Same<z.output<typeof lightRegionDetail>, RegionDetail>,
  Same<z.output<typeof lightLanguage>, Language>,
  Same<z.output<ReturnType<typeof lightEnvelope<typeof lightRegion>>>, Envelope<Region>>,
] = [true, true, true, true, true];
void parity;
