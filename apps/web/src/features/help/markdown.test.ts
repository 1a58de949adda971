import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../ui/safe-html';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, lists and inline marks', () => {
    const html = renderMarkdown(
      '# Title\n\nSome **bold** and `code`.\n\n- one\n- two\n\n1. first\n2. second',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<p>Some <strong>bold</strong> and <code>code</code>.</p>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>');
  });
  it('escapes HTML and drops unsafe links', () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) [ok](/help/add-card)');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('<a href="/help/add-card">ok</a>');
  });
  it('comes through the sanitiser unchanged (SafeHtml renders it)', () => {
    const html = renderMarkdown(
      '# Title\n\nSome **bold**, *italic* and `code` with [a link](/help/1).\n\n- one\n1. two',
    );
    expect(sanitizeHtml(html)).toBe(html);
  });
});
