import { describe, expect, it } from 'vitest';
import { chooseView, stepView } from './views';

describe('chooseView', () => {
  it('takes the remembered view while the answer has it, else the first', () => {
    expect(chooseView(['bar', 'pie', 'table'], 'pie')).toBe('pie');
    expect(chooseView(['bar', 'table'], 'pie')).toBe('bar');
    expect(chooseView(['bar', 'table'], null)).toBe('bar');
    expect(chooseView([], 'pie')).toBeNull();
  });
});

describe('stepView (the looped carousel)', () => {
  const views = ['bar', 'pie', 'table'] as const;
  it('wraps at both ends', () => {
    expect(stepView(views, 'bar', 1)).toBe('pie');
    expect(stepView(views, 'table', 1)).toBe('bar');
    expect(stepView(views, 'bar', -1)).toBe('table');
  });
  it('starts from the first view when the current one is gone', () => {
    expect(stepView(views, 'donut', 1)).toBe('pie');
    expect(stepView([], 'bar', 1)).toBeNull();
    expect(stepView(['table'], 'table', 1)).toBe('table');
  });
});
