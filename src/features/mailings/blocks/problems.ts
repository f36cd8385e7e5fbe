import { t } from '@lingui/core/macro';
import type { BlockDocument } from '../../../../contract/block-document';
import { allBlocks } from './document';
import { blockName } from './components/block-labels';

/** What must be fixed before the document can be sent (shown with the layout's inspection). */
export function documentProblems(doc: BlockDocument): string[] {
  const problems: string[] = [];
  const check = (blocks: BlockDocument['blocks'], where: string) =>
    blocks.forEach((b, i) => {
      const name = `${where}${blockName(b, i)}`;
      if (b.kind === 'image' && !b.src) problems.push(t`${name}: choose an image.`);
      if (b.kind === 'image' && b.src && !b.alt.trim())
        problems.push(t`${name}: describe the image (alt text).`);
      if (b.kind === 'button' && !b.label.trim()) problems.push(t`${name}: write the label.`);
      const link = b.kind === 'button' ? linkProblem(b.href) : undefined;
      if (link) problems.push(`${name}: ${link}`);
      if (b.kind === 'columns')
        b.columns.forEach((c, n) => {
          const column = n + 1;
          check(c, t`${name}, column ${column}: `);
        });
    });
  check(doc.blocks, '');
  if (doc.markdown !== undefined && !doc.markdown.trim())
    problems.push(t`Write the Markdown text.`);
  if (doc.markdown === undefined && allBlocks(doc.blocks).length <= 1)
    problems.push(t`Add at least one block.`);
  return problems;
}

/** Buttons must lead somewhere a mail client opens: http(s), mailto, or a personalised tag. */
export function linkProblem(href: string): string | undefined {
  if (/^(https?:\/\/[^\s]+\.[^\s]+|mailto:[^\s]+@[^\s]+|\{\{[^}]+\}\})$/i.test(href.trim()))
    return undefined;
  return t`Enter a full address such as https://example.com/page.`;
}
