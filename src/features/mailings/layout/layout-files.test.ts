import { describe, expect, it } from 'vitest';
import { isZipSelection, planLayoutZip } from './layout-files';

const files = (...paths: string[]) => paths.map((path) => ({ path, size: 1, data: path }));
const planned = (paths: string[]) => {
  const plan = planLayoutZip(files(...paths));
  return {
    entries: plan.entries.map((e) => [e.source.path, e.archivePath]),
    skipped: plan.skipped.map((s) => s.path),
  };
};

describe('planLayoutZip', () => {
  it('zips a dropped folder from the folder holding index.html, keeping images/', () => {
    expect(
      planned([
        '/news/index.html',
        '/news/images/a.png',
        '/news/images/sub/b.gif',
        '/news/images/.DS_Store',
        '/news/notes.txt',
      ]),
    ).toEqual({
      entries: [
        ['news/index.html', 'index.html'],
        ['news/images/a.png', 'images/a.png'],
        ['news/images/sub/b.gif', 'images/sub/b.gif'],
      ],
      skipped: ['news/images/.DS_Store', 'news/notes.txt'],
    });
  });

  it('puts images chosen next to index.html under images/', () => {
    expect(planned(['./index.html', './a.png', './b.JPG', './readme.md']).entries).toEqual([
      ['index.html', 'index.html'],
      ['a.png', 'images/a.png'],
      ['b.JPG', 'images/b.JPG'],
    ]);
  });

  it('takes the shallowest index.html and leaves other folders out', () => {
    const plan = planned([
      'site/index.html',
      'site/old/index.html',
      'site/images/a.png',
      'other/images/x.png',
    ]);
    expect(plan.entries).toEqual([
      ['site/index.html', 'index.html'],
      ['site/images/a.png', 'images/a.png'],
    ]);
    expect(plan.skipped).toEqual(['site/old/index.html', 'other/images/x.png']);
  });

  it('keeps a folder without index.html so the inspector can say what is missing', () => {
    expect(planned(['news/images/a.png']).entries).toEqual([['news/images/a.png', 'images/a.png']]);
  });

  it('tells a ready zip from layout files', () => {
    expect(isZipSelection(['layout.ZIP'])).toBe(true);
    expect(isZipSelection(['layout.zip', 'index.html'])).toBe(false);
  });
});
