import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Form } from '../../../../contract/forms';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import { SnippetPanel } from './snippet-panel';

const page = (results: object[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});
const form: Form = {
  id: 9,
  name: 'Footer',
  lists: [4, 2],
  fields: ['seats', 'plan', 'starts', 'first_name'],
  language: null,
  redirect_url: null,
  created: '2026-12-01T00:00:00Z',
  stats: {
    since: '2026-11-01T00:00:00Z',
    submitted: 0,
    accepted: 0,
    confirmed: 0,
    blocked: { honeypot: 0, too_fast: 0, proof: 0, ip_budget: 0, address_budget: 0, invalid: 0 },
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('SnippetPanel', () => {
  it('writes each asked field as its list’s definition says, the lower list id first', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          '/api/v1/lists/2/fields': page([
            { name: 'seats', label: 'Seats', type: 'integer', required: true },
          ]),
          '/api/v1/lists/4/fields': page([
            { name: 'seats', label: 'Other seats', type: 'string', required: false, max_length: 9 },
            {
              name: 'plan',
              label: 'Plan',
              type: 'choice',
              required: false,
              choices: [{ value: 'pro', display_name: 'Pro' }],
            },
          ]),
          '/api/v1/fields': page([
            { name: 'starts', label: 'Starts', type: 'date', required: false },
          ]),
        }),
      ),
    );
    renderWithProviders(<SnippetPanel form={form} listNames={{ 2: 'Two', 4: 'Four' }} />);
    const snippet = ((await screen.findByLabelText('HTML snippet')) as HTMLTextAreaElement).value;
    expect(snippet).toContain(
      '<label>Seats <input type="number" name="seats" step="1" required></label>',
    );
    expect(snippet).toContain(
      '<label>Plan <select name="plan"><option value="">Choose…</option><option value="pro">Pro</option></select></label>',
    );
    expect(snippet).toContain('<label>Starts <input type="date" name="starts"></label>');
    expect(snippet).toContain(
      '<label>First name <input type="text" name="first_name" maxlength="100" autocomplete="given-name"></label>',
    );
    expect(snippet).not.toContain('Other seats');
  });
});
