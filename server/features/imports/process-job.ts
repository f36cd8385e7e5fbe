import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ImportDelimiter } from '../../../contract/imports.js';
import type { Db } from '../../db/client.js';
import { batchCommitter } from './batches.js';
import { RecordTooLongError, csvRecords, detectLayout, isBlankRecord } from './csv.js';
import { UndecodableError, createDecoder, decodeSample } from './encoding.js';
import { chunkCount, readChunk, releaseJob, renewLease, type ClaimedJob } from './job-queries.js';
import { importUpkeep } from './upkeep.js';
import { importsRepository } from './repository.js';
import { rowValidator } from './rows.js';
import { SeenAddresses } from './seen-set.js';
import type { ProcessOptions } from './process-options.js';

/** A problem with the file itself: the job ends `failed` with this message. */
class ImportFailure extends Error {}

const RENEW_EVERY_MS = 10_000;
const PARSE_SLICE_CHARS = 128 * 1024;

/** `first` is chunk 0, already read for detection (a chunk read holds PGlite's only
 * connection, and API reads wait behind it). */
async function* decodedText(db: Db, job: ClaimedJob, chunks: number, first: Buffer) {
  const decoder = createDecoder(job.encoding);
  for (let seq = 0; seq < chunks; seq++) {
    const data = seq === 0 ? first : await readChunk(db, job.id, seq);
    if (!data) throw new ImportFailure('Part of the uploaded file is missing.');
    const text = decoder.write(data);
    // Parsed a slice at a time, so no single parse holds the event loop for long.
    for (let at = 0; at < text.length; at += PARSE_SLICE_CHARS)
      yield text.slice(at, at + PARSE_SLICE_CHARS);
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * Runs one claimed import to its end, batch by batch. Rows already committed by an earlier
 * attempt (`processed_rows`) are read again only to rebuild the set of addresses seen in
 * the file, so a repeat after the resume point is still a duplicate.
 *
 * Duplicate or existing: a row whose address an earlier accepted row of the file had (in
 * this batch or any earlier one, whether that row created a subscriber or found one) is a
 * duplicate, decided from the file alone; only the first accepted occurrence meets the
 * database, where an address already in the list counts as existing. A rejected row does
 * not claim its address, so a later valid row with it is still imported.
 */
export async function processJob(
  db: Db,
  job: ClaimedJob,
  options: ProcessOptions,
): Promise<'done' | 'failed' | 'stopped' | 'gone'> {
  const repo = importsRepository(db);
  const list = await repo.list(job.listId);
  if (!list) return 'gone';
  const subscription = list.doubleOptIn ? 'pending' : 'active';
  const validate = rowValidator({
    fields: job.fields,
    customFields: await repo.customFields(job.listId),
    languages: list.languages,
    dateFormat: job.dateFormat,
    ignoreInvalidFields: job.ignoreInvalidFields,
  });
  const nextBatchSize = () => {
    const size = typeof options.batchSize === 'function' ? options.batchSize() : options.batchSize;
    return Math.max(1, Math.min(size, 10_000));
  };
  let batchSize = nextBatchSize();
  const seen = new SeenAddresses();
  const upkeep = importUpkeep(db, {
    onError:
      options.onUpkeepError ??
      ((error) => console.warn('Search-index merge or ANALYZE beside an import failed:', error)),
    analyzeFirstAtRows: options.analyzeFirstAtRows,
    beforeStatement: options.beforeBatch,
  });
  const batches = batchCommitter(db, job, subscription, upkeep, options);
  // `row` numbers every record of the file (as a spreadsheet numbers rows); `record`
  // counts the data records after the header, the unit of `processed_rows`.
  let row = 0;
  let record = 0;
  let batchStart = job.processedRows;
  let lastRenewal = Date.now();

  try {
    const chunks = await chunkCount(db, job.id);
    const first = chunks > 0 ? await readChunk(db, job.id, 0) : undefined;
    if (!first) throw new ImportFailure('The uploaded file is missing.');
    const layout = detectLayout(
      decodeSample(first, job.encoding),
      chunks === 1,
      job.delimiter as ImportDelimiter,
    );

    let headerPending = job.hasHeader;
    for await (const group of csvRecords(decodedText(db, job, chunks, first), layout)) {
      for (const cells of group) {
        row++;
        // Lets API requests in between: parsing and validating never hold the loop long.
        if (row % 1000 === 0) await yieldToEventLoop();
        const blank = isBlankRecord(cells);
        if (headerPending) {
          // The header is the first record that is not blank, as detection saw it.
          if (!blank) headerPending = false;
          continue;
        }
        record++;
        if (record <= job.processedRows) {
          // Replaying committed rows: only their addresses matter.
          if (!blank) {
            const result = validate(cells);
            if (result.ok) seen.add(result.key);
          }
          if (record % 10_000 === 0) {
            if (options.shouldStop?.()) {
              await releaseJob(db, job);
              return 'stopped';
            }
            if (Date.now() - lastRenewal > RENEW_EVERY_MS) {
              await renewLease(db, job);
              lastRenewal = Date.now();
            }
          }
          continue;
        }
        const batch = batches.pending;
        batch.processedRows = record;
        if (!blank) {
          const result = validate(cells);
          if (!result.ok) {
            batch.invalid++;
            for (const p of result.problems) batches.addError({ row, ...p });
          } else if (seen.has(result.key)) {
            batch.skippedDuplicate++;
          } else {
            seen.add(result.key);
            result.values.fileRow = row;
            if (result.dropped.length) result.values.ignored = result.dropped.map((p) => p.field);
            batch.candidates.push(result.values);
            for (const p of result.dropped)
              batches.addError({
                row,
                field: p.field,
                message: `${p.message} The value was ignored.`,
              });
          }
        }
        if (record - batchStart >= batchSize) {
          batchStart = record;
          await batches.settle();
          if (options.shouldStop?.()) {
            // The rows read since are not committed; the next worker reads them again.
            await releaseJob(db, job);
            return 'stopped';
          }
          await batches.send();
          batchSize = nextBatchSize();
        }
      }
    }
    await batches.finish({});
    return 'done';
  } catch (error) {
    const message =
      error instanceof ImportFailure || error instanceof UndecodableError
        ? error.message
        : error instanceof RecordTooLongError
          ? `${error.message} (after row ${row})`
          : undefined;
    if (message === undefined) {
      // Nothing may still be writing once the caller sees the error.
      await batches.settle().catch(() => undefined);
      throw error;
    }
    // The rows read before the problem are kept and counted, then the job ends.
    await batches.finish({ failure: { row: 0, field: 'file', message } });
    return 'failed';
  } finally {
    // The last merge or ANALYZE ends with the job, so no connection is in use after it.
    await upkeep.drain();
  }
}
