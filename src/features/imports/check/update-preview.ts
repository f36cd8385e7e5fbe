/** One value an update-mode import would change for an address already in the list. */
export type PreviewChange = { field: string; from: string; to: string };
export type PreviewRow = { email: string; changes: PreviewChange[] };

/** Fields an update writes: every mapped one except the address (never the state). */
const written = (fields: readonly string[]) =>
  fields.map((field, index) => ({ field, index })).filter((c) => c.field && c.field !== 'email');

const text = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

/**
 * What an `update` import would change in the sample's subscribers the list already has
 * (`existing`, by lower-cased address): per such row, each mapped field whose value in the
 * file differs from the subscriber's. The server applies the full row rules (dates in
 * `date_format`, invalid values dropped); this compares trimmed text, enough to show which
 * values would be overwritten and with what.
 */
export function updatePreview(
  rows: readonly (readonly string[])[],
  fields: readonly string[],
  existing: ReadonlyMap<string, Record<string, unknown>>,
): PreviewRow[] {
  const emailColumn = fields.indexOf('email');
  if (emailColumn < 0) return [];
  const columns = written(fields);
  const preview: PreviewRow[] = [];
  for (const cells of rows) {
    const email = (cells[emailColumn] ?? '').trim();
    const subscriber = existing.get(email.toLowerCase());
    if (!subscriber) continue;
    const changes: PreviewChange[] = [];
    for (const { field, index } of columns) {
      let to = (cells[index] ?? '').trim();
      if (field === 'language') to = to.toLowerCase();
      const from = text(subscriber[field]);
      if (from !== to) changes.push({ field, from, to });
    }
    preview.push({ email: text(subscriber.email), changes });
  }
  return preview;
}
