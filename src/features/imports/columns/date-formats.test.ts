import { describe, expect, it } from 'vitest';
import { dateFormatEffect, suggestDateFormat } from './date-formats';

describe('dateFormatEffect', () => {
  it('shows the stored date of each sample value, or null, without roll-over', () => {
    expect(
      dateFormatEffect(
        ['07.03.1990', '7.3.1990', '31.13.1990', '29.02.2023', '1990-03-07'],
        '%d.%m.%Y',
      ),
    ).toEqual([
      { value: '07.03.1990', date: '1990-03-07' },
      { value: '7.3.1990', date: '1990-03-07' },
      { value: '31.13.1990', date: null },
      { value: '29.02.2023', date: null },
      { value: '1990-03-07', date: null },
    ]);
  });

  it('reads the same value day first or month first', () => {
    expect(dateFormatEffect(['03/04/2001'], '%d/%m/%Y')[0]!.date).toBe('2001-04-03');
    expect(dateFormatEffect(['03/04/2001'], '%m/%d/%Y')[0]!.date).toBe('2001-03-04');
  });
});

describe('suggestDateFormat', () => {
  it('picks the preset reading the most values', () => {
    expect(suggestDateFormat(['31.01.1990', '15.12.1985'])).toBe('%d.%m.%Y');
    expect(suggestDateFormat(['12/31/1990', '01/15/1985'])).toBe('%m/%d/%Y');
    expect(suggestDateFormat(['31/12/1990', '01/02/1985'])).toBe('%d/%m/%Y');
  });

  it('keeps the current format when nothing reads more', () => {
    expect(suggestDateFormat(['1990-01-31'])).toBe('%Y-%m-%d');
    expect(suggestDateFormat([], '%d.%m.%Y')).toBe('%d.%m.%Y');
    expect(suggestDateFormat(['soon'], '%d.%m.%Y')).toBe('%d.%m.%Y');
  });
});
