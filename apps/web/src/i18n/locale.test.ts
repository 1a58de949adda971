import { describe, expect, it } from 'vitest';
import { chooseLocale } from './locale';

describe('chooseLocale', () => {
  it('prefers an exact match', () => {
    expect(chooseLocale(['en-GB'])).toBe('en-GB');
    expect(chooseLocale(['en-us'])).toBe('en-US');
    expect(chooseLocale(['tr'])).toBe('tr');
  });
  it('falls back to the language prefix as a locale', () => {
    expect(chooseLocale(['tr-TR'])).toBe('tr');
    expect(chooseLocale(['tr_CY'])).toBe('tr');
  });
  it('then takes any locale with the same prefix', () => {
    expect(chooseLocale(['en'])).toBe('en-US');
    expect(chooseLocale(['en-AU'])).toBe('en-US');
    expect(chooseLocale(['en-AU'], null, ['en-GB', 'en-US', 'tr'])).toBe('en-GB');
  });
  it('walks the browser list in order of preference', () => {
    expect(chooseLocale(['de-DE', 'fr', 'tr-TR', 'en-US'])).toBe('tr');
    expect(chooseLocale(['tr-TR', 'en-GB'])).toBe('tr');
  });
  it('defaults to en-US', () => {
    expect(chooseLocale([])).toBe('en-US');
    expect(chooseLocale(['de-DE', 'fr-FR'])).toBe('en-US');
  });
  it('lets a stored choice win when it is supported', () => {
    expect(chooseLocale(['tr-TR'], 'en-GB')).toBe('en-GB');
    expect(chooseLocale(['tr-TR'], 'xx')).toBe('tr');
  });
});
