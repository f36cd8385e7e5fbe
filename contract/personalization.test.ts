import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate, templateProblems } from './personalization.js';

describe('personalisation tags', () => {
  it('fills values, falls back to the default, and escapes HTML', () => {
    const source = '<p>Hi {{ first_name | default: "there" }}, {{company}}!</p>';
    expect(renderTemplate(source, { first_name: 'Ada', company: 'ACME' }, true)).toBe(
      '<p>Hi Ada, ACME!</p>',
    );
    expect(renderTemplate(source, { first_name: '', company: null }, true)).toBe(
      '<p>Hi there, !</p>',
    );
    expect(
      renderTemplate('<p>{{ first_name }}</p>', { first_name: '<script>alert(1)</script>' }, true),
    ).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    // The plain-text part keeps the value as typed.
    expect(renderTemplate('Hi {{ first_name }}', { first_name: '<b>' }, false)).toBe('Hi <b>');
  });

  it('reads quotes an HTML editor wrote as entities', () => {
    expect(renderTemplate('Hi {{ first_name | default: &quot;friend&quot; }}', {}, true)).toBe(
      'Hi friend',
    );
  });

  it('reports unknown fields and malformed tags', () => {
    expect(templateProblems('{{ first_name }} {{ unsubscribe_url }} {{ plan }}', ['plan'])).toEqual(
      [],
    );
    const problems = templateProblems('{{ frist_name }} and {{ first_name | upcase }}', []);
    expect(problems.map((p) => p.tag)).toEqual(['{{ first_name | upcase }}', '{{ frist_name }}']);
    expect(problems[1]!.message).toMatch(/names no field/);
    expect(parseTemplate('no tags, { single } braces').parts).toEqual([
      'no tags, { single } braces',
    ]);
  });
});
