import { afterEach, describe, expect, it } from 'vitest';
import { newVariant } from './composer-values';
import {
  LAYOUT_BUDGET,
  clearDraft,
  loadDraft,
  loadLayoutArchive,
  saveDraft,
  saveLayoutArchive,
} from './draft-storage';

afterEach(() => sessionStorage.clear());

describe('draft storage', () => {
  it('keeps every field and small layouts, and drops layouts over the budget', () => {
    const values = {
      list: '3',
      name: 'News',
      campaign: '9',
      segments: ['1'],
      variants: [{ ...newVariant('de'), subject: 'Hallo' }],
    };
    saveDraft({ values, layouts: {} });
    expect(loadDraft()?.values).toEqual(values);

    expect(saveLayoutArchive('de', 'data:application/zip;base64,AAAA')).toBe(true);
    expect(loadLayoutArchive('de')).toBe('data:application/zip;base64,AAAA');
    expect(saveLayoutArchive('fr', 'x'.repeat(LAYOUT_BUDGET))).toBe(false);
    expect(loadLayoutArchive('fr')).toBeUndefined();

    sessionStorage.setItem('mailboard.session', 'kept');
    clearDraft();
    expect(loadDraft()).toBeUndefined();
    expect(loadLayoutArchive('de')).toBeUndefined();
    expect(sessionStorage.getItem('mailboard.session')).toBe('kept');
  });

  it('ignores a damaged draft', () => {
    sessionStorage.setItem('mailboard.mailing-draft', '{not json');
    expect(loadDraft()).toBeUndefined();
  });
});
