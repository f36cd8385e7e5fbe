import { afterAll, describe, expect, it } from 'vitest';
import { switchLocale } from '../../../i18n/catalogs';
import { isTemplateLayoutLabel, templateLayoutLabel } from './template-label';

describe('template layout labels', () => {
  afterAll(() => switchLocale('en'));

  it('recognises a template label in the language it was written in', async () => {
    expect(templateLayoutLabel('Spring')).toBe('Template “Spring”');
    expect(isTemplateLayoutLabel('Template “Spring”')).toBe(true);
    expect(isTemplateLayoutLabel('Blocks')).toBe(false);
    await switchLocale('de');
    expect(templateLayoutLabel('Spring')).toBe('Vorlage „Spring“');
    expect(isTemplateLayoutLabel('Vorlage „Spring“')).toBe(true);
    expect(isTemplateLayoutLabel('Blöcke')).toBe(false);
  });
});
