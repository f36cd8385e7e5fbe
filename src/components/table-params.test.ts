import { describe, expect, it } from 'vitest';
import { cycleOrdering, pageRange, readTableParams, writeTableParams } from './table-params';

const qs = (s: string) => new URLSearchParams(s);

describe('table URL state', () => {
  it('reads page, size, ordering and search with safe defaults', () => {
    expect(readTableParams(qs('page=3&page_size=50&ordering=-name&search=de'))).toEqual({
      page: 3,
      pageSize: 50,
      ordering: '-name',
      search: 'de',
    });
    expect(
      readTableParams(qs('page=abc&page_size=0&ordering=-secret'), { orderingFields: ['name'] }),
    ).toEqual({
      page: 1,
      pageSize: 25,
      ordering: undefined,
      search: '',
    });
  });

  it('goes back to page 1 when what is shown changes, and leaves defaults out', () => {
    expect(writeTableParams(qs('page=4&tab=x'), { ordering: 'name' }).toString()).toBe(
      'tab=x&ordering=name',
    );
    expect(writeTableParams(qs('page=4'), { search: ' bay ' }).toString()).toBe('search=bay');
    expect(writeTableParams(qs('page=4&search=x'), { page: 1 }).toString()).toBe('search=x');
    expect(writeTableParams(qs(''), { page: 2, pageSize: 25 }).toString()).toBe('page=2');
  });

  it('cycles a column through ascending, descending and back', () => {
    expect(cycleOrdering(undefined, 'name')).toBe('name');
    expect(cycleOrdering('name', 'name')).toBe('-name');
    expect(cycleOrdering('-name', 'name')).toBeUndefined();
    expect(cycleOrdering('-id', 'name')).toBe('name');
  });

  it('shows every page up to seven, else the ends, the neighbours and dots', () => {
    expect(pageRange(1, 1)).toEqual([1]);
    expect(pageRange(7, 4)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageRange(10, 1)).toEqual([1, 2, 3, 4, 5, 'dots', 10]);
    expect(pageRange(10, 4)).toEqual([1, 2, 3, 4, 5, 'dots', 10]);
    expect(pageRange(10, 5)).toEqual([1, 'dots', 4, 5, 6, 'dots', 10]);
    expect(pageRange(10, 7)).toEqual([1, 'dots', 6, 7, 8, 9, 10]);
    expect(pageRange(10, 10)).toEqual([1, 'dots', 6, 7, 8, 9, 10]);
    expect(pageRange(10, 99)).toEqual([1, 'dots', 6, 7, 8, 9, 10]);
  });
});
