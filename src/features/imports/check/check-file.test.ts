import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { checkFile, type FileCheckConfig } from './check-file';
import { isRegionCode } from '../../../../contract/region-codes';

const config = (overrides: Partial<FileCheckConfig> = {}): FileCheckConfig => ({
  encoding: 'utf-8',
  delimiter: ';',
  hasHeader: false,
  fields: ['email', 'first_name', 'last_name'],
  customFields: [],
  languages: ['de'],
  dateFormat: '%Y-%m-%d',
  isRegionCode,
  ...overrides,
});

// Node's Blob reads slices as browsers do (jsdom's cannot).
const blob = (part: string | Uint8Array) => new NodeBlob([part]) as unknown as Blob;

/** windows-1252 bytes of Latin-1 text (every character below U+0100). */
const latin1 = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('checkFile', () => {
  it('reads a file in slices, decoding characters that straddle two slices', async () => {
    const text = 'j@example.de;Jürgen;Müller\nz@example.de;Zoë;Weiß\n';
    const reports = [];
    for (const sliceBytes of [1, 2, 3, 7, 1024])
      reports.push(await checkFile(blob(text), config(), { sliceBytes }));
    for (const report of reports) expect(report).toEqual(reports[0]);
    expect(reports[0]!.strict).toEqual({ valid: 2, invalid: 0, repeated: 0 });
  });

  it('decodes windows-1252 and reports progress up to the whole file', async () => {
    const bytes = latin1('a@x.de;Jürgen;Müller\nb@x.de;Zoë;Weiß\nb@x.de;Zoë;Weiß\n');
    const progress: number[] = [];
    const report = await checkFile(blob(bytes), config({ encoding: 'windows-1252' }), {
      sliceBytes: 8,
      progressEveryMs: 0,
      onProgress: (p) => progress.push(p.bytesRead),
    });
    expect(report.strict).toEqual({ valid: 2, invalid: 0, repeated: 1 });
    expect(progress.at(-1)).toBe(bytes.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('stops on bytes that are not UTF-8 when the file is said to be UTF-8, as the server does', async () => {
    const bytes = latin1('a@x.de;Jürgen;Müller\n');
    await expect(checkFile(blob(bytes), config())).rejects.toThrow(
      /not valid utf-8.*choose its encoding/,
    );
  });
});
