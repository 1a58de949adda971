import { describe, expect, it } from 'vitest';
import { ACCENT, DANGER, theme } from './theme';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme action colours', () => {
  it.each([ACCENT, DANGER])('%s carries white text at AA on its filled shade and hover', (name) => {
    const shades = theme.colors?.[name];
    expect(shades).toBeDefined();
    for (const shade of [6, 7])
      expect(contrast(shades?.[shade] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
