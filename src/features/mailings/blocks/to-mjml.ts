import { UNSUBSCRIBE_TAG } from '../../../../contract/personalization';
import type {
  Block,
  BlockDocument,
  FooterBlock,
  LeafBlock,
  Styles,
} from '../../../../contract/block-document';
import { escapeHtml as esc } from '../../../../contract/escape-html';

/**
 * A block document as MJML (https://documentation.mjml.io), which mjml-browser turns into
 * email-safe HTML: tables, inline styles, Outlook conditionals, columns stacking under
 * 480 px. Image sources stay `images/…` so the zip's index.html references its images.
 */
const fontStacks: Record<Styles['font'], string> = {
  Arial: 'Arial, Helvetica, sans-serif',
  Helvetica: 'Helvetica, Arial, sans-serif',
  Georgia: 'Georgia, "Times New Roman", serif',
  Verdana: 'Verdana, Geneva, sans-serif',
  'Trebuchet MS': '"Trebuchet MS", Arial, sans-serif',
};

const headingSizes = { 1: 28, 2: 22, 3: 18 } as const;

/** Marks the dark-mode rules so the preview can switch them on (preview-frame.ts). */
export const DARK_MEDIA = '@media (prefers-color-scheme: dark)';

/** Links in rich text get the link colour inline: not every client reads <style>. */
const colorLinks = (html: string, color: string) =>
  html.replace(/<a\s(?![^>]*\bstyle=)/gi, `<a style="color:${color};text-decoration:underline" `);

function leaf(block: LeafBlock, s: Styles): string {
  switch (block.kind) {
    case 'heading': {
      const size = headingSizes[block.level];
      return `<mj-text css-class="mb-text" font-size="${size}px" line-height="1.25" font-weight="700"><h${block.level} style="margin:0;font-size:${size}px;font-weight:700">${esc(block.text)}</h${block.level}></mj-text>`;
    }
    case 'text':
      return `<mj-text css-class="mb-text">${colorLinks(block.html, s.linkColor)}</mj-text>`;
    case 'image':
      if (!block.src) return '';
      return `<mj-image src="${esc(block.src)}" alt="${esc(block.alt)}"${block.href ? ` href="${esc(block.href)}"` : ''} />`;
    case 'button':
      return `<mj-button href="${esc(block.href)}" background-color="${s.buttonColor}" color="${s.buttonTextColor}" border-radius="${s.buttonRadius}px" font-size="16px" font-weight="700" inner-padding="12px 24px">${esc(block.label)}</mj-button>`;
    case 'divider':
      return `<mj-divider border-color="#d0d5da" border-width="1px" />`;
    case 'spacer':
      return `<mj-spacer height="${block.height}px" />`;
  }
}

function footer(block: FooterBlock): string {
  const address = esc(block.address).replace(/\r?\n/g, '<br />');
  return `<mj-section css-class="mb-footer" padding="16px 0"><mj-column><mj-text css-class="mb-muted" align="center" font-size="12px" color="#5c6670">${address}${address ? '<br /><br />' : ''}<a href="{{ ${UNSUBSCRIBE_TAG} }}" style="color:#5c6670;text-decoration:underline">${esc(block.unsubscribeLabel)}</a></mj-text></mj-column></mj-section>`;
}

const section = (inner: string) =>
  `<mj-section css-class="mb-content" background-color="{content}" padding="8px 0">${inner}</mj-section>`;

/** The body: runs of simple blocks share a section; a Columns block is a section of its own. */
function body(blocks: readonly Block[], s: Styles): string {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) out.push(section(`<mj-column>${run.join('')}</mj-column>`));
    run = [];
  };
  for (const block of blocks) {
    if (block.kind === 'columns') {
      flush();
      out.push(
        section(
          block.columns
            .map((c) => `<mj-column>${c.map((b) => leaf(b, s)).join('')}</mj-column>`)
            .join(''),
        ),
      );
    } else if (block.kind === 'footer') {
      flush();
      out.push(footer(block));
    } else run.push(leaf(block, s));
  }
  flush();
  return out.join('\n').replaceAll('{content}', s.contentColor);
}

export function toMjml(doc: BlockDocument, title = ''): string {
  const s = doc.styles;
  const font = fontStacks[s.font];
  return `<mjml>
<mj-head>
<mj-title>${esc(title)}</mj-title>
<mj-breakpoint width="480px" />
<mj-attributes>
<mj-all font-family='${font}' />
<mj-text color="${s.textColor}" font-size="16px" line-height="1.5" />
</mj-attributes>
<mj-raw><meta name="color-scheme" content="light dark" /><meta name="supported-color-schemes" content="light dark" /></mj-raw>
<mj-style>
.mb-text p { margin: 0 0 12px; }
.mb-text ul, .mb-text ol { margin: 0 0 12px; padding-left: 24px; }
${DARK_MEDIA} {
  .mb-body, .mb-footer { background: #121416 !important; }
  .mb-content, .mb-content > table { background: #1e2226 !important; }
  .mb-text div, .mb-text h1, .mb-text h2, .mb-text h3 { color: #e9ecef !important; }
  .mb-muted div, .mb-muted a { color: #adb5bd !important; }
}
</mj-style>
</mj-head>
<mj-body css-class="mb-body" width="${s.width}px" background-color="${s.backgroundColor}">
${body(doc.blocks, s)}
</mj-body>
</mjml>`;
}
