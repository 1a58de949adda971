import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape';

describe('escapeHtml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>Q&A</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Q&amp;A&lt;/a&gt;',
    );
  });
  it('leaves other text alone and escapes an ampersand once', () => {
    expect(escapeHtml('Revenue – “EMEA” 12 %')).toBe('Revenue – “EMEA” 12 %');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
