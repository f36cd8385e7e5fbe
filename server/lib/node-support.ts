/**
 * The Node.js release lines this project supports, and a one-line notice when the running
 * Node has reached its end of life. The server still starts on such a Node: the machines
 * this is installed on may not have a newer one yet, and the notice says how to get one.
 */

/** End-of-life dates of the release lines, from https://nodejs.org/en/about/previous-releases. */
const endOfLife: Record<number, string> = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
};

/** The notice for `version` (e.g. "v20.19.0") on `today`, or undefined when the line is supported. */
export function endOfLifeNotice(version: string, today: Date): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  const date = endOfLife[major];
  if (!date || today < new Date(`${date}T00:00:00Z`)) return undefined;
  return (
    `Notice: Node.js ${major} reached its end of life on ${date}; Mailboard still runs on it, ` +
    'but please move to Node.js 24 LTS (see "Node.js versions" in README.md).'
  );
}
