import { describe, expect, it } from 'vitest';
import { askedControl, askedFields, type FieldDefinition } from './form-fields.js';
import { formSnippet } from './forms.js';

const definitions: FieldDefinition[] = [
  { name: 'seats', label: 'Seats', type: 'integer', required: true },
  { name: 'starts', label: 'Starts', type: 'date', required: false },
  { name: 'call_at', label: 'Call at', type: 'datetime', required: false },
  { name: 'work', label: 'Work address', type: 'email', required: false },
  { name: 'note', label: 'Note', type: 'string', required: false, max_length: 40 },
  {
    name: 'plan',
    label: 'Plan <&>',
    type: 'choice',
    required: false,
    choices: [{ value: 'a"b', display_name: 'A & B' }],
  },
  // A second definition of a name (another offered list's, or a shared one) loses.
  { name: 'seats', label: 'Shared seats', type: 'string', required: false },
];

describe('a form’s asked fields', () => {
  it('take the first definition of each name; built-in and deleted names are optional text', () => {
    const asked = askedFields(['seats', 'first_name', 'gone'], definitions);
    expect(asked).toEqual([
      {
        name: 'seats',
        label: 'Seats',
        type: 'integer',
        required: true,
        max_length: null,
        choices: null,
      },
      {
        name: 'first_name',
        label: 'First name',
        type: 'string',
        required: false,
        max_length: 100,
        choices: null,
      },
      {
        name: 'gone',
        label: 'gone',
        type: 'string',
        required: false,
        max_length: 255,
        choices: null,
      },
    ]);
  });

  it('are written as the input their type calls for, with its constraints, escaped', () => {
    const names = ['seats', 'starts', 'call_at', 'work', 'note', 'plan', 'last_name'];
    const controls = askedFields(names, definitions).map((f) =>
      askedControl(f, { chooseLabel: 'Choose…' }),
    );
    expect(controls).toEqual([
      '<input type="number" name="seats" step="1" required>',
      '<input type="date" name="starts">',
      '<input type="datetime-local" name="call_at">',
      '<input type="email" name="work" maxlength="254">',
      '<input type="text" name="note" maxlength="40">',
      '<select name="plan"><option value="">Choose…</option><option value="a&quot;b">A &amp; B</option></select>',
      '<input type="text" name="last_name" maxlength="100" autocomplete="family-name">',
    ]);
    const [seats] = askedFields(['seats'], definitions);
    expect(askedControl(seats!, { id: 'f-seats', chooseLabel: '' })).toBe(
      '<input type="number" id="f-seats" name="seats" step="1" required>',
    );
  });

  it('appear in the snippet as labelled typed inputs, never all as text', () => {
    const snippet = formSnippet(
      'https://mail.example.test',
      { id: 7, lists: [3] },
      askedFields(['seats', 'starts', 'plan'], definitions),
      {},
    );
    expect(snippet).toContain(
      '<label>Seats <input type="number" name="seats" step="1" required></label>',
    );
    expect(snippet).toContain('<label>Starts <input type="date" name="starts"></label>');
    expect(snippet).toContain('<label>Plan &lt;&amp;&gt; <select name="plan">');
    expect(snippet).toContain('<form action="https://mail.example.test/f/7" method="post">');
  });
});
