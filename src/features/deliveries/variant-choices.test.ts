import { describe, expect, it } from 'vitest';
import { variantChoices } from './variant-choices';

describe('variantChoices', () => {
  it('takes a variant id from the server, else from the delivery serving the same languages', () => {
    const variants = [
      { languages: ['en', 'fr'], label: 'English, French' },
      { languages: ['de'], label: 'German' },
      { languages: ['it'], label: 'Italian' },
      { id: 9, languages: [], label: 'Variant 4' },
    ];
    const deliveries = [
      { variant: 3, languages: ['de'] },
      { variant: 2, languages: ['fr', 'en'] },
      { variant: 2, languages: ['fr', 'en'] },
    ];
    expect(variantChoices(variants, deliveries)).toEqual([
      { id: 2, label: 'English, French' },
      { id: 3, label: 'German' },
      { id: 9, label: 'Variant 4' },
    ]);
  });
});
