import { strToU8, zipSync } from 'fflate';
import {
  BLOCKS_FORMAT,
  type Block,
  type BlockDocument,
  type FooterBlock,
  defaultStyles,
} from '../../contract/block-document.js';
import type { Executor } from '../db/client.js';
import { templates } from '../db/schema/index.js';

/**
 * Three starter templates (issue 30), global: block documents the composer opens in its
 * block editor (it renders them again with MJML on opening). The index.html beside each is
 * a plain stand-in so the zip is a valid layout as it is; index.txt is its text part. Typed
 * against the composer's schema (contract/block-document.ts), so a change there shows here.
 */
const footer = (id: string): FooterBlock => ({
  id,
  kind: 'footer',
  address: 'Mailboard Demo Ltd\n1 Example Street, 8000 Zurich',
  unsubscribeLabel: 'Unsubscribe',
});
const p = (text: string) => `<p>${text}</p>`;

const starters: { name: string; blocks: Block[] }[] = [
  {
    name: 'Newsletter',
    blocks: [
      {
        id: 'n1',
        kind: 'heading',
        text: 'This month at {{ first_name | default: "our shop" }}',
        level: 1,
      },
      {
        id: 'n2',
        kind: 'text',
        html: p('Hello {{ first_name | default: "there" }}, here is what is new.'),
      },
      {
        id: 'n3',
        kind: 'columns',
        columns: [
          [
            { id: 'n4', kind: 'heading', text: 'New arrivals', level: 2 },
            { id: 'n5', kind: 'text', html: p('Fresh from the workshop.') },
          ],
          [
            { id: 'n6', kind: 'heading', text: 'From the blog', level: 2 },
            { id: 'n7', kind: 'text', html: p('Three ideas for spring.') },
          ],
        ],
      },
      { id: 'n8', kind: 'button', label: 'Visit the shop', href: 'https://example.com/' },
      footer('n9'),
    ],
  },
  {
    name: 'Announcement',
    blocks: [
      { id: 'a1', kind: 'heading', text: 'Big news', level: 1 },
      {
        id: 'a2',
        kind: 'text',
        html: p('We have something to tell you, {{ first_name | default: "friend" }}.'),
      },
      {
        id: 'a3',
        kind: 'button',
        label: 'Read the announcement',
        href: 'https://example.com/news',
      },
      footer('a4'),
    ],
  },
  {
    name: 'Plain letter',
    blocks: [
      {
        id: 'l1',
        kind: 'text',
        html:
          p('Dear {{ first_name | default: "reader" }},') + p('…') + p('Kind regards,<br>The team'),
      },
      footer('l2'),
    ],
  },
];

const html = (name: string) =>
  `<!doctype html><html><body><p>${name}</p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p></body></html>`;

export async function seedTemplates(db: Executor): Promise<number> {
  for (const s of starters) {
    const document: BlockDocument = {
      format: BLOCKS_FORMAT,
      version: 1,
      styles: defaultStyles,
      blocks: s.blocks,
    };
    const text = `${s.name}\n\nUnsubscribe: {{ unsubscribe_url }}`;
    const zip = zipSync({
      'index.html': strToU8(html(s.name)),
      'index.txt': strToU8(text),
      'mailboard.json': strToU8(JSON.stringify(document)),
    });
    await db.insert(templates).values({ name: s.name, listId: null, text, zip });
  }
  return starters.length;
}
