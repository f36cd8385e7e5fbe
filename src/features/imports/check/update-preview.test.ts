import { describe, expect, it } from 'vitest';
import { updatePreview } from './update-preview';

describe('updatePreview', () => {
  it('lists the mapped values that differ for addresses already in the list', () => {
    const existing = new Map([
      ['ann@x.org', { email: 'ann@x.org', last_name: 'Smith', language: 'en', plan: 'free' }],
      ['bob@x.org', { email: 'bob@x.org', last_name: 'Brown', language: 'de', plan: null }],
    ]);
    const rows = [
      ['ANN@x.org', 'Archer', 'EN', 'pro', 'ignored'],
      ['bob@x.org', 'Brown', 'de', '', 'x'],
      ['new@x.org', 'New', 'en', 'pro', ''],
    ];
    const fields = ['email', 'last_name', 'language', 'plan', ''];
    expect(updatePreview(rows, fields, existing)).toEqual([
      {
        email: 'ann@x.org',
        changes: [
          { field: 'last_name', from: 'Smith', to: 'Archer' },
          { field: 'plan', from: 'free', to: 'pro' },
        ],
      },
      { email: 'bob@x.org', changes: [] },
    ]);
  });
});
