// Test helpers for a feature's i18n bundle (its i18n.test.ts): one place for the completeness check.
import i18next from 'i18next';
import { expect } from 'vitest';

type Tree = { [key: string]: string | Tree };

function flatten(obj: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(obj).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
}

const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

/** A namespace's texts in one language, keys flattened with dots ("messages.invalid_account"). */
export const flatBundle = (lng: string, ns: string): Record<string, string> =>
  flatten(i18next.getResourceBundle(lng, ns) as Tree);

/** tr and en-GB have every en-US key, none empty, each with en-US's placeholders. */
export function expectCompleteBundles(ns: string): void {
  const us = flatBundle('en-US', ns);
  for (const lng of ['tr', 'en-GB']) {
    const other = flatBundle(lng, ns);
    expect(Object.keys(other).sort(), lng).toEqual(Object.keys(us).sort());
    for (const [key, text] of Object.entries(other)) {
      expect(text.trim(), `${lng} ${key}`).not.toBe('');
      expect(placeholders(text), `${lng} ${key}`).toEqual(placeholders(us[key]!));
    }
  }
}
