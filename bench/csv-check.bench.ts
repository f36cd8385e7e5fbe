import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isRegionCode } from '../contract/region-codes.js';

export const name = "CSV check (the import wizard's): 1,000,000 rows, ~100 MB, in pieces of 1 MB";

const ROWS = Number(process.env.CSV_CHECK_BENCH_ROWS ?? 1_000_000);
const PIECE_BYTES = 1024 * 1024;

// The checker is SPA code (src/), which the server's TypeScript project does not include:
// it is loaded by URL, as the browser's worker loads it, and typed by the shape used here.
type Counts = { valid: number; invalid: number; repeated: number };
type Report = {
  rows: number;
  strict: Counts;
  lenient: Counts;
  distinctAddresses: number;
  addressSetBytes: number;
};
type CheckModule = {
  createCsvChecker(config: {
    delimiter: ',';
    hasHeader: boolean;
    fields: string[];
    customFields: [];
    languages: string[];
    dateFormat: string;
    isRegionCode: (code: string) => boolean;
  }): { push(text: string): void; finish(): Report };
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = async <T>(file: string) =>
  (await import(pathToFileURL(path.join(root, 'src/features/imports/check', file)).href)) as T;

/**
 * A realistic export, generated piece by piece (never whole in memory): mixed-case
 * addresses, accents, quoted cells with commas, day-first dates, codes; 1% invalid
 * addresses, 1% bad dates, 1% repeats in other letter case. About 100 bytes a row.
 */
function* pieces(): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  const first = ['Ada', 'Jürgen', 'Zoë', 'Chloé', 'Björn', 'Noah', 'Mia', 'Luca'];
  const last = ['Lovelace', 'Müller', 'García', "O'Brien", 'Weiß', 'Rossi', 'Nguyen'];
  const regions = ['DE', 'CH', 'FR', 'IT', 'GB', 'US', 'DE-BY', ''];
  let block = 'email,first_name,last_name,gender,date_of_birth,language,region,address,tags\n';
  for (let i = 0; i < ROWS; i++) {
    const email =
      i % 100 === 7
        ? `broken-${i}`
        : i % 100 === 42
          ? `User${i - 40}@Example.com`
          : `user${i}@example.com`;
    const day = i % 100 === 13 ? 31 : (i % 28) + 1;
    const month = i % 100 === 13 ? 13 : (i % 12) + 1;
    const dob = `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.19${50 + (i % 50)}`;
    block += `${email},${first[i % first.length]},"${last[i % last.length]}",${i % 3 === 0 ? 'f' : 'm'},${dob},${i % 2 ? 'en' : 'de'},${regions[i % regions.length]},"${i % 900} Main Street, Springfield",newsletter\n`;
    if (block.length >= PIECE_BYTES) {
      yield encoder.encode(block);
      block = '';
    }
  }
  yield encoder.encode(block);
}

export async function run() {
  const { createCsvChecker } = await load<CheckModule>('csv-check.ts');
  const checker = createCsvChecker({
    delimiter: ',',
    hasHeader: true,
    fields: [
      'email',
      'first_name',
      'last_name',
      'gender',
      'date_of_birth',
      'language',
      'region',
      '',
      '',
    ],
    customFields: [],
    languages: ['en', 'de'],
    dateFormat: '%d.%m.%Y',
    isRegionCode,
  });
  // As in the worker: bytes decoded by a streaming TextDecoder, then fed to the checker.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let bytes = 0;
  let checking = 0;
  let slowestPiece = 0;
  let heapPeak = 0;
  for (const piece of pieces()) {
    bytes += piece.length;
    const started = performance.now();
    checker.push(decoder.decode(piece, { stream: true }));
    const took = performance.now() - started;
    checking += took;
    slowestPiece = Math.max(slowestPiece, took);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  const started = performance.now();
  checker.push(decoder.decode());
  const report = checker.finish();
  checking += performance.now() - started;

  const seconds = checking / 1000;
  const mb = bytes / 1024 / 1024;
  console.log(`   file: ${report.rows.toLocaleString('en')} rows, ${mb.toFixed(1)} MB`);
  console.log(
    `   check: ${seconds.toFixed(2)} s, ${Math.round(report.rows / seconds).toLocaleString('en')} rows/s, ${(mb / seconds).toFixed(1)} MB/s; slowest 1 MB piece ${slowestPiece.toFixed(0)} ms`,
  );
  console.log(
    `   outcome (ignore_invalid_fields off): ${JSON.stringify(report.strict)}; on: ${JSON.stringify(report.lenient)}`,
  );
  console.log(
    `   memory: address set ${(report.addressSetBytes / 1024 / 1024).toFixed(1)} MB for ${report.distinctAddresses.toLocaleString('en')} addresses; heap peak +${((heapPeak - heapBefore) / 1024 / 1024).toFixed(0)} MB over the start`,
  );
}
