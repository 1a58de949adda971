import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCompleteBundles, flatBundle } from '../../../test/i18n/bundle-check';

beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
});

describe('collection texts', () => {
  it('are complete in tr and en-GB, never empty, with the same placeholders', () => {
    expectCompleteBundles('collections');
  });

  it('differ in en-GB from en-US only where British spelling does ("Cosy")', () => {
    const us = flatBundle('en-US', 'collections');
    const gb = flatBundle('en-GB', 'collections');
    expect(Object.keys(us).filter((key) => gb[key] !== us[key])).toEqual(['detail.cozy']);
    expect(gb['detail.cozy']).toBe('Cosy');
  });

  it('say "Add to collection" and "Send now" in Turkish', () => {
    const tr = flatBundle('tr', 'collections');
    expect(tr['add.open']).toBe('Koleksiyona ekle');
    expect(tr['digest.send_now']).toBe('Şimdi gönder');
  });
});
