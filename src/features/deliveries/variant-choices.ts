import type { DeliveryState } from '../../api/deliveries';

/** A variant as the mailing page knows it; `id` only where the server includes it. */
export type MailingVariant = { id?: number; languages: string[]; label: string };
export type VariantOption = { id: number; label: string };

const sameLanguages = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The variants a test can be sent with, by id. The spec's mailing response has no variant
 * ids, but each delivery names its variant's id and languages: a variant without an id gets
 * the one of the delivery serving the same languages. Variants still unknown (no delivery
 * yet) are left out; the server then uses the first variant.
 */
export function variantChoices(
  variants: readonly MailingVariant[],
  deliveries: readonly Pick<DeliveryState, 'variant' | 'languages'>[],
): VariantOption[] {
  const options: VariantOption[] = [];
  for (const v of variants) {
    const id = v.id ?? deliveries.find((d) => sameLanguages(d.languages, v.languages))?.variant;
    if (id !== undefined && !options.some((o) => o.id === id)) options.push({ id, label: v.label });
  }
  return options;
}
