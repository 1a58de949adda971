import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function flatten(obj: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(obj).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
}

const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
});

describe('subscription texts', () => {
  const bundle = (lng: string) => flatten(i18next.getResourceBundle(lng, 'subscriptions') as Tree);

  it('are complete in tr and en-GB, never empty, with the same placeholders', () => {
    const us = bundle('en-US');
    for (const lng of ['tr', 'en-GB']) {
      const other = bundle(lng);
      expect(Object.keys(other).sort(), lng).toEqual(Object.keys(us).sort());
      for (const [key, text] of Object.entries(other)) {
        expect(text.trim(), `${lng} ${key}`).not.toBe('');
        expect(placeholders(text), `${lng} ${key}`).toEqual(placeholders(us[key]!));
      }
    }
  });

  it('carry the spec 2 §8 subscription messages word for word in en-US', () => {
    const us = bundle('en-US');
    expect(us['messages.failed_pricing_preview']).toBe('Failed to get pricing preview!');
    expect(us['messages.failed_payments']).toBe('Failed to get payments!');
  });
});
