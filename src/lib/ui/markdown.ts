/**
 * U4: model output is untrusted. Markdown is rendered by marked and then sanitised by DOMPurify
 * (no scripts, no event handlers, no iframes, no forms); raw HTML in the source is escaped.
 */
import { Marked } from 'marked';
import DOMPurify from 'dompurify';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Raw HTML blocks and inline tags are shown as text, never parsed as HTML.
const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
});

export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false }) as string;
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'script', 'iframe', 'form', 'input', 'img', 'svg', 'math', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}
