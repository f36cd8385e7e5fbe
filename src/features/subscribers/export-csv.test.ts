import { describe, expect, it, vi } from 'vitest';
import type { Subscriber } from '../../../contract/subscribers';
import { fieldsFromDescriptors } from './columns';
import { exportFileName, exportSubscribersCsv } from './export-csv';

const fields = fieldsFromDescriptors({
  email: { type: 'email', required: true, read_only: false, label: 'Email' },
  first_name: { type: 'string', required: false, read_only: false, label: 'First name' },
  visits: { type: 'integer', required: false, read_only: false, label: 'Visits' },
});

const subscriber = (email: string, first_name: string, visits: number | null) =>
  ({ email, first_name, visits }) as unknown as Subscriber;

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('exportSubscribersCsv', () => {
  it('writes every page under one header, escaping formulas', async () => {
    const fetchPage = vi.fn(async (page: number) => ({
      count: 3,
      next: page === 1 ? '/next' : null,
      previous: null,
      results:
        page === 1
          ? [subscriber('a@x.ch', '=HYPERLINK("x")', 3), subscriber('b@x.ch', 'Bé, "B"', null)]
          : [subscriber('c@x.ch', '+41', 0)],
    }));
    const progress: number[] = [];
    const { blob, rows } = await exportSubscribersCsv(fields, fetchPage, {
      onProgress: (n) => progress.push(n),
    });
    expect(rows).toBe(3);
    expect(progress).toEqual([2, 3]);
    const text = (await readBlob(blob)).replace(/^\uFEFF/, '');
    expect(text.split('\r\n').filter(Boolean)).toEqual([
      'email,first_name,visits',
      `a@x.ch,"'=HYPERLINK(""x"")",3`,
      'b@x.ch,"Bé, ""B""",',
      `c@x.ch,"'+41",0`,
    ]);
  });

  it('gives a header-only file for an empty filter', async () => {
    const { blob, rows } = await exportSubscribersCsv(fields, async () => ({
      count: 0,
      next: null,
      previous: null,
      results: [],
    }));
    expect(rows).toBe(0);
    expect((await readBlob(blob)).trim().replace(/^\uFEFF/, '')).toBe('email,first_name,visits');
  });
});

describe('exportFileName', () => {
  it('names the list and the state', () => {
    expect(exportFileName('Newsletter Zürich!', 'pending')).toBe(
      'newsletter-zurich-pending-subscribers.csv',
    );
    expect(exportFileName('***', 'all')).toBe('list-subscribers.csv');
  });
});
