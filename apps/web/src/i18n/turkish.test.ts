import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { flatBundle } from '../../test/i18n/bundle-check';
import { initI18n } from '.';
import enUS from './locales/en-US';
import tr from './locales/tr';

// Every feature's namespace registers itself on import; a new feature is picked up here too.
const features = import.meta.glob('../features/*/i18n.ts');

/**
 * Texts that are the same word in Turkish: brand and product names, units, codes and
 * placeholders-only strings. Anything else equal to its en-US text is English left in the
 * Turkish interface.
 */
const SAME_IN_TURKISH = new Set([
  'Parley',
  'Intelligence Suite',
  'Model',
  'Plan',
  'EMEA',
  'APAC',
  'PostgreSQL',
  'Cloudflare D1',
  'D1',
  'Google Analytics 4',
  'Google Analytics',
  'GA4',
  'Formbricks',
  'Paddle',
  'Alexa',
  'Microsoft Teams',
  'Premium',
  'dbt',
  'YAML',
  'SQL',
  'CSV',
  'PNG',
  'PDF',
  'KPI',
  'URL',
  'API',
  'ID',
  'SSL',
  'TLS',
  'E-posta',
  'Port',
  'Host',
  'Token',
  'OK',
]);

type Tree = { [key: string]: string | Tree };

function flatten(obj: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(obj).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
}

/** A text with nothing to translate: only placeholders, numbers, symbols or an allowed word. */
function sameInTurkish(text: string): boolean {
  const words = text.replace(/\{\{\w+\}\}/g, ' ').replace(/[\d\s.,:;!?%()/+×·•…–—=<>≤≥∞-]+/g, ' ');
  return words.trim() === '' || SAME_IN_TURKISH.has(text.trim());
}

/** Keys of tr missing in en-US's set and the other way round, and tr texts left in English. */
function compare(us: Record<string, string>, turkish: Record<string, string>) {
  return {
    missing: Object.keys(us).filter((k) => !(k in turkish)),
    extra: Object.keys(turkish).filter((k) => !(k in us)),
    english: Object.keys(us).filter((k) => turkish[k] === us[k] && !sameInTurkish(us[k]!)),
  };
}

describe('the Turkish interface', () => {
  beforeAll(async () => {
    await initI18n();
    await Promise.all(Object.values(features).map((load) => load()));
  });

  it('loads every feature namespace', () => {
    expect(Object.keys(features).length).toBeGreaterThanOrEqual(8);
    for (const path of Object.keys(features)) {
      const ns = path.split('/')[2]!;
      const registered = ns === 'intelligence-suite' ? 'reports' : ns;
      expect(
        i18next.hasResourceBundle('en-US', registered) || i18next.hasResourceBundle('en-US', ns),
        path,
      ).toBe(true);
    }
  });

  it('has every key of en-US in the default namespace and no text left in English', () => {
    expect(compare(flatten(enUS as Tree), flatten(tr as Tree))).toEqual({
      missing: [],
      extra: [],
      english: [],
    });
  });

  it('has every key of en-US in every feature namespace and no text left in English', () => {
    const namespaces = Object.keys(i18next.store.data['en-US'] ?? {}).filter((ns) => ns !== 'translation');
    expect(namespaces.length).toBeGreaterThanOrEqual(8);
    const found = Object.fromEntries(
      namespaces.map((ns) => [ns, compare(flatBundle('en-US', ns), flatBundle('tr', ns))]),
    );
    const clean = Object.fromEntries(namespaces.map((ns) => [ns, { missing: [], extra: [], english: [] }]));
    expect(found).toEqual(clean);
  });

  it('fails on a missing key and on an English text (the check can fail)', () => {
    expect(compare({ a: 'Save', b: 'Cancel', c: 'PDF' }, { a: 'Save', c: 'PDF' })).toEqual({
      missing: ['b'],
      extra: [],
      english: ['a'],
    });
  });
});
