/** Up to `count` distinct non-empty values of a column, in file order. */
export function columnSamples(rows: readonly string[][], column: number, count = 5): string[] {
  const values: string[] = [];
  for (const row of rows) {
    const value = row[column]?.trim();
    if (value && !values.includes(value)) values.push(value);
    if (values.length >= count) break;
  }
  return values;
}
