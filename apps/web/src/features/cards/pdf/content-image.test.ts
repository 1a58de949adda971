import { describe, expect, it } from 'vitest';
import { tableColumnWidths } from './content-image';

// 7 px a character, 8 in bold: enough to decide the columns.
const measure = (text: string, bold: boolean) => text.length * (bold ? 8 : 7);

describe('the table picture’s columns', () => {
  const table = {
    headers: ['Country', 'Revenue'],
    rows: Array.from({ length: 20 }, (_, i) => [`Country ${i + 1}`, `$${(i + 1) * 1000}`]),
    numeric: [false, true],
  };
  it('share out the width when every cell fits', () => {
    const widths = tableColumnWidths(table, measure, 900);
    expect(widths.reduce((s, w) => s + w, 0)).toBeCloseTo(900);
    expect(widths[0]).toBeGreaterThan(measure('Country 20', false));
  });
  it('shrink the wide columns alike and keep the narrow ones whole when the cells are too wide', () => {
    const wide = { ...table, rows: [['A name of a hundred characters '.repeat(4), '$1']] };
    const widths = tableColumnWidths(wide, measure, 400);
    expect(widths.reduce((s, w) => s + w, 0)).toBeCloseTo(400);
    expect(widths[1]).toBe(measure('Revenue', true) + 16);
  });
});
