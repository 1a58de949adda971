import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCompleteBundles, flatBundle } from '../../../test/i18n/bundle-check';

beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
});

describe('card texts', () => {
  it('are complete in tr and en-GB, never empty, with the same placeholders', () => {
    expectCompleteBundles('cards');
  });

  it('name every range the period chip offers in Turkish', () => {
    const tr = flatBundle('tr', 'cards');
    expect(tr['understood.range.last.month']).toBe('Geçen ay');
    expect(tr['remember.title']).toBe('Bunu hatırla');
    expect(tr['verify.action']).toBe('Bu doğru — doğrula');
  });
});
