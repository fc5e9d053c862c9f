/**
 * U4: model output is untrusted. Markdown is rendered by marked and then sanitised by DOMPurify
 * (no scripts, no event handlers, no iframes, no forms); raw HTML in the source is escaped. T7:
 * a link always opens in a new tab, without access to this page (it could carry a preset URL).
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

let hooked = false;

export function renderMarkdown(source: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  const html = marked.parse(source, { async: false }) as string;
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'script', 'iframe', 'form', 'input', 'img', 'svg', 'math', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ['target'],
  });
}
