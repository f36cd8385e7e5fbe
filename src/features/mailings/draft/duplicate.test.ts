import { afterEach, describe, expect, it } from 'vitest';
import type { Mailing } from '../../../api/mailings';
import { newDocument, newMarkdownDocument } from '../blocks/document';
import { loadDraft, loadLayoutArchive } from './draft-storage';
import { duplicateValues, startDuplicateDraft } from './duplicate';

afterEach(() => sessionStorage.clear());

const zip = 'data:application/zip;charset=utf-8;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==';
const variant = (language: string, layoutId: number, subject: string) => ({
  languages: [language],
  from_name: 'Acme',
  from_email: 'news@acme.test',
  replyto_email: '',
  subject,
  layout: { id: layoutId, source: '<p>x</p>' },
  deliveries: [{ scheduled_datetime: '2026-01-01T09:00:00Z', exclusions: [], limit: null }],
});
const mailing: Mailing = {
  id: 7,
  list: 3,
  name: 'Spring news',
  campaign: 4,
  segments: [9],
  variants: [
    variant('en', 1, 'Blocks'),
    variant('de', 2, 'Markdown'),
    variant('fr', 3, 'Zip'),
    variant('it', 4, 'Text'),
    variant('es', 5, 'Unknown'),
  ],
};
const copies = [
  { id: 1, text: 'b', zip_file: zip, document: JSON.stringify(newDocument('Acme')) },
  {
    id: 2,
    text: 'm',
    zip_file: zip,
    document: JSON.stringify(newMarkdownDocument('Acme', '# Hi')),
  },
  { id: 3, text: '', zip_file: zip, document: null },
  { id: 4, text: 'Plain words', zip_file: null, document: null },
  undefined,
];

describe('duplicating a mailing', () => {
  it('keeps list, audience, senders and subjects; a new name; no deliveries', () => {
    const values = duplicateValues(mailing, copies);
    expect(values).toMatchObject({ list: '3', name: 'Spring news (copy)', campaign: '4' });
    expect(values.segments).toEqual(['9']);
    expect(values.variants.map((v) => [v.language, v.subject, v.from_email])).toEqual([
      ['en', 'Blocks', 'news@acme.test'],
      ['de', 'Markdown', 'news@acme.test'],
      ['fr', 'Zip', 'news@acme.test'],
      ['it', 'Text', 'news@acme.test'],
      ['es', 'Unknown', 'news@acme.test'],
    ]);
    expect(values.variants.every((v) => v.deliveries.length === 0)).toBe(true);
  });

  it('reopens each layout in the source it was written in', () => {
    const modes = duplicateValues(mailing, copies).variants.map((v) => v.layout);
    expect(modes).toEqual([
      { mode: 'blocks', text: '' },
      { mode: 'markdown', text: '' },
      { mode: 'html', text: '' },
      { mode: 'text', text: 'Plain words' },
      // A layout the service could not give back: added again as a file.
      { mode: 'html', text: '' },
    ]);
  });

  it('stays within the name limit', () => {
    const long = { ...mailing, name: 'n'.repeat(200) };
    expect(duplicateValues(long, copies).name).toHaveLength(200);
  });

  it('replaces the draft, keeping the zips for the composer to reopen', () => {
    startDuplicateDraft(mailing, copies);
    const draft = loadDraft();
    expect(draft?.values.name).toBe('Spring news (copy)');
    expect(Object.keys(draft!.layouts)).toEqual(['en', 'de', 'fr']);
    expect(draft!.layouts.en).toMatchObject({ label: 'Layout of “Spring news”', kept: true });
    expect(loadLayoutArchive('fr')).toBe(zip);
  });
});
