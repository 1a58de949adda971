import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELP_QUESTIONS, keywordsKey } from './questions';
import { filterQuestions, fold } from './search';

beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
});

const enUS = 'en-US';
const tr = 'tr';

/** A translate function in one language, as the help panel's t answers for these keys. */
const translator = (lng: string) => (key: string) => i18next.getFixedT(lng)(key);

const find = (lng: string, search: string, category: 1 | 2 | 3 | 4 | null = null) =>
  filterQuestions(HELP_QUESTIONS, translator(lng), category, search).map((q) => q.id);

describe('help search', () => {
  it('finds the card article for "chart" and the export article first for "export pdf"', () => {
    expect(find(enUS, 'chart')).toContain('analysis-cards');
    expect(find(enUS, 'export pdf')[0]).toBe('export-card');
    expect(find(enUS, 'export pdf')).toEqual(['export-card']);
    expect(find(enUS, 'PDF')).toEqual(['export-card']);
  });

  it('forgives typos and word order', () => {
    expect(find(enUS, 'chrt')).toContain('analysis-cards');
    expect(find(enUS, 'graphs')).toContain('analysis-cards');
    expect(find(enUS, 'pdf exprot')[0]).toBe('export-card');
    expect(find(enUS, 'pasword')[0]).toBe('change-password');
  });

  it('searches the Turkish texts with Turkish letters folded', () => {
    expect(find(tr, 'grafik')).toContain('analysis-cards');
    expect(find(tr, 'PDF dışa aktar')[0]).toBe('export-card');
    expect(find(tr, 'disa aktar pdf')[0]).toBe('export-card');
    expect(find(tr, 'ŞİFRE')[0]).toBe('change-password');
  });

  it('needs every word, keeps the category and shows all questions for an empty search', () => {
    expect(find(enUS, 'pdf password')).toEqual([]);
    expect(find(enUS, 'zzzqqq')).toEqual([]);
    expect(find(enUS, 'password', 3)).toEqual([]);
    expect(find(enUS, 'password', 1)).toEqual(['sign-in-options']);
    expect(find(enUS, '', 3).every((id) => HELP_QUESTIONS.find((q) => q.id === id)?.category === 3)).toBe(
      true,
    );
    expect(find(enUS, '  ')).toHaveLength(HELP_QUESTIONS.length);
  });

  it('has search words for every question in both languages', () => {
    for (const q of HELP_QUESTIONS) {
      // Read without the fallback language, so that a missing Turkish entry fails.
      const [ns, key] = keywordsKey(q).split(':') as [string, string];
      for (const lng of [enUS, tr]) expect(i18next.getResource(lng, ns, key), q.id).toBeTruthy();
    }
  });

  it('folds case, accents and the Turkish i', () => {
    expect(fold('DIŞA Aktar İçgörü')).toBe('disa aktar icgoru');
  });
});
