import { describe, expect, it } from 'vitest';
import type { PreparedLayout } from '../layout/layout-process';
import { composerSchema, newVariant, type ComposerValues } from './composer-values';
import { layoutProblems } from './layout-problems';

const values = (overrides: Partial<ComposerValues> = {}): ComposerValues => ({
  list: '1',
  name: 'News',
  campaign: '',
  segments: [],
  variants: [{ ...newVariant('en'), subject: 'Hi', layout: { mode: 'text', text: 'Hello' } }],
  ...overrides,
});

const messages = (v: ComposerValues) => {
  const result = composerSchema.safeParse(v);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('composerSchema', () => {
  it('accepts a complete text mailing', () => {
    expect(messages(values())).toEqual({});
  });

  it('says what is missing or malformed, field by field', () => {
    expect(
      messages(
        values({
          list: '',
          campaign: 'spring',
          segments: ['3', 'vip'],
          variants: [
            {
              ...newVariant('en'),
              // Plain text chosen and left empty (a new variant starts on Blocks).
              layout: { ...newVariant('en').layout, mode: 'text', text: '' },
              from_email: 'not-an-address',
              deliveries: [{ local: '2030-02-30T10:00' }],
            },
          ],
        }),
      ),
    ).toEqual({
      list: 'Choose a list.',
      campaign: 'Enter the campaign’s id (a whole number), or leave it empty.',
      segments: 'Segments are ids: whole numbers only.',
      'variants.0.subject': expect.any(String),
      'variants.0.from_email': expect.any(String),
      'variants.0.layout.text':
        'Write the text of this variant, or choose another source (Blocks, HTML layout, Markdown).',
      'variants.0.deliveries.0.local': 'Enter a date and a time.',
    });
    expect(messages(values({ variants: [] }))).toEqual({ variants: 'Add at least one variant.' });
  });
});

describe('layoutProblems', () => {
  const html = (language: string) => ({
    ...newVariant(language),
    subject: 'Hi',
    layout: { mode: 'html' as const, text: '' },
  });
  const complete = (problems: string[]) => ({
    status: 'complete' as const,
    kept: true,
    layout: { inspection: { problems }, label: 'x.zip' } as unknown as PreparedLayout,
  });

  it('blocks HTML variants without a ready, problem-free layout', () => {
    const v = values({
      variants: [html('en'), html('de'), html('fr'), html('it'), values().variants[0]!],
    });
    const problems = layoutProblems(v, {
      de: complete(['The archive has no index.html at its root.']),
      fr: { status: 'running', label: 'x', phase: 'zipping', percent: 40 },
      it: complete([]),
    });
    expect([...problems]).toEqual([
      [0, 'Add the HTML layout: drop a .zip, a folder, or index.html with its images.'],
      [1, 'The layout has 1 problem to fix first (see the inspection).'],
      [2, 'The layout is still being prepared; wait until it is ready.'],
    ]);
  });
});
