import MarkdownIt from 'markdown-it';

// html: false escapes raw HTML in the source; linkify turns bare URLs into links.
const md = new MarkdownIt({ html: false, linkify: true, breaks: false });

export const markdownToHtml = (source: string) => md.render(source);
