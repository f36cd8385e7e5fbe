import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../../../../contract/personalization';
import type { BlockDocument } from '../../../../contract/block-document';
import { newBlock, newDocument, newFooter, parseBlockDocument } from './document';
import { markdownToHtml } from './markdown';
import { mjmlInNode } from './mjml-in-node';
import { renderEmail } from './render-email';

const render = (doc: BlockDocument) => renderEmail(doc, mjml, markdownToHtml, 'News');
const mjml = mjmlInNode();

const everyBlock = (): BlockDocument => ({
  ...newDocument(),
  blocks: [
    { ...newBlock('heading'), text: 'Spring <news>' },
    {
      ...newBlock('text'),
      html: '<p>Read <a href="https://example.com/a?x=1&amp;y=2">our <strong>blog</strong></a>.</p><ul><li><p>one</p></li><li><p>two</p></li></ul>',
    },
    { ...newBlock('image'), src: 'images/photo.png', alt: 'A photo' },
    { ...newBlock('button'), label: 'Shop now', href: 'https://shop.example.com/' },
    newBlock('divider'),
    { ...newBlock('spacer'), height: 40 },
    {
      ...newBlock('columns'),
      columns: [
        [{ ...newBlock('heading'), text: 'Left', level: 2 }],
        [{ ...newBlock('text'), html: '<p>Right column</p>' }],
      ],
    },
    { ...newFooter('Mailboard Ltd\n1 Main Street'), unsubscribeLabel: 'Leave this list' },
  ],
});

describe('a block document as an email', () => {
  it('renders every block to table-based HTML and to text', async () => {
    const { html, text, errors } = await render(everyBlock());
    expect(errors).toEqual([]);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('role="presentation"');
    expect(html).toContain(
      '<h1 style="margin:0;font-size:28px;font-weight:700">Spring &lt;news&gt;</h1>',
    );
    expect(html).toContain('href="https://example.com/a?x=1&amp;y=2"');
    expect(html).toMatch(/<img[^>]+alt="A photo"[^>]+src="images\/photo.png"/);
    expect(html).toContain('href="https://shop.example.com/"');
    expect(html).toContain('Shop now');
    expect(html).toContain('border-top:solid 1px #d0d5da');
    expect(html).toContain('height:40px');
    expect(html).toContain('mj-column-per-50'); // two columns, stacking under 480 px
    expect(html).toContain('@media only screen and (min-width:480px)');
    expect(html).toContain('Mailboard Ltd<br />1 Main Street');
    expect(html).toContain('href="{{ unsubscribe_url }}"');
    expect(html).toContain('prefers-color-scheme: dark');

    expect(text).toBe(
      [
        'Spring <news>',
        'Read our blog (https://example.com/a?x=1&y=2).\n- one\n- two',
        '[A photo]',
        'Shop now: https://shop.example.com/',
        '----------',
        'Left\n\nRight column',
        'Mailboard Ltd\n1 Main Street',
        'Leave this list: {{ unsubscribe_url }}',
      ].join('\n\n'),
    );
  });

  it('puts Markdown in the same frame, escaping raw HTML', async () => {
    const doc = {
      ...newDocument(),
      blocks: [newFooter('')],
      markdown: '# Hello\n\nA [link](https://example.com) <script>x</script>',
    };
    const { html, text } = await render(doc);
    expect(html).toContain('<h1>Hello</h1>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(text.startsWith('# Hello')).toBe(true);
    expect(text).toContain('Unsubscribe: {{ unsubscribe_url }}');
  });

  it('keeps personalisation tags for the sender, escaped per recipient', async () => {
    const doc = everyBlock();
    doc.blocks[0] = { ...newBlock('heading'), text: 'Hi {{ first_name | default: "there" }}' };
    const { html } = await render(doc);
    expect(renderTemplate(html, { first_name: '<script>' }, true)).toContain('Hi &lt;script&gt;');
    expect(renderTemplate(html, {}, true)).toContain('Hi there');
  });

  it('reads its own mailboard.json back, footer restored last', () => {
    const doc = everyBlock();
    const moved = { ...doc, blocks: [doc.blocks.at(-1)!, ...doc.blocks.slice(0, -1)] };
    const read = parseBlockDocument(JSON.stringify(moved))!;
    expect(read.blocks.at(-1)!.kind).toBe('footer');
    expect(read.blocks).toHaveLength(doc.blocks.length);
    expect(parseBlockDocument('{"format":"other"}')).toBeUndefined();
    expect(parseBlockDocument('not json')).toBeUndefined();
  });
});
