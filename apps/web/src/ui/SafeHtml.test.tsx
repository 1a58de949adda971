import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeHtml } from './SafeHtml';
import { htmlToText, sanitizeHtml } from './safe-html';

afterEach(cleanup);

function shown(html: string, svg = false): HTMLElement {
  const { getByTestId } = render(<SafeHtml html={html} svg={svg} className="card-text" data-testid="safe" />);
  return getByTestId('safe');
}

describe('SafeHtml', () => {
  it('drops scripts, styles and forms', () => {
    const el = shown(
      '<p>Hi</p><script>window.hacked = 1</script><style>body{display:none}</style><form><input name="x"></form>',
    );
    expect(el.innerHTML).toBe('<p>Hi</p>');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('drops event handlers', () => {
    const el = shown(
      '<p onclick="alert(1)">x</p><img src="x.png" onerror="alert(1)"><b onmouseover="alert(1)">y</b>',
    );
    expect(el.innerHTML).not.toMatch(/on(click|error|mouseover)/);
    expect(el.querySelector('p')?.textContent).toBe('x');
    expect(el.querySelector('b')?.textContent).toBe('y');
  });

  it('drops javascript: URLs', () => {
    const el = shown(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><img src="javascript:alert(1)">',
    );
    expect(el.innerHTML).not.toMatch(/javascript:/i);
    expect(el.querySelectorAll('a')).toHaveLength(2);
  });

  it('keeps the markup the cards use, and the props on its div', () => {
    const card =
      '<p><b>EMEA</b> led Revenue with <strong>$1.7M</strong>, <em>up</em> 12%.</p>' +
      '<ul><li>Americas</li><li>APAC</li></ul><p>See <a href="https://example.com/x">more</a>.<br></p>';
    const el = shown(card);
    expect(el.innerHTML).toBe(card);
    expect(el.className).toBe('card-text');
    expect(el.tagName).toBe('DIV');
  });

  it('keeps inline SVG only when asked (a report’s charts)', () => {
    const chart = '<svg width="10" height="10"><rect width="10" height="10"></rect></svg>';
    expect(shown(chart).querySelector('svg')).toBeNull();
    cleanup();
    const el = shown(`${chart}<svg><script>window.hacked = 2</script></svg>`, true);
    expect(el.querySelectorAll('rect')).toHaveLength(1);
    expect(el.innerHTML).not.toContain('script');
  });
});

describe('sanitizeHtml and htmlToText', () => {
  it('is the same sanitiser the component uses, and text drops the markup', () => {
    expect(sanitizeHtml('<p onclick="x()">a<script>1</script></p>')).toBe('<p>a</p>');
    expect(htmlToText('<p><b>EMEA</b> led\n  Revenue.</p><script>bad()</script>')).toBe('EMEA led Revenue.');
  });
});
