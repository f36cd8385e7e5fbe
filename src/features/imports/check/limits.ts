// Kept apart from csv-check.ts, which loads papaparse and the row rules: the screens read
// these numbers without pulling the checker into their chunk.

/** How many rows with problems, and repeated rows, a report keeps to show. */
export const KEPT_PROBLEM_ROWS = 1000;
export const KEPT_REPEATED_ROWS = 200;
