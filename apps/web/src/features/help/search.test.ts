import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadArticles } from './articles';
import { HELP_QUESTIONS, keywordsKey } from './questions';
import { articleWords, filterQuestions, fold } from './search';

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

describe('help search over the articles’ text', () => {
  const findIn = async (lng: string, search: string) =>
    filterQuestions(
      HELP_QUESTIONS,
      translator(lng),
      null,
      search,
      await loadArticles(lng === tr ? 'tr' : 'en'),
    ).map((q) => q.id);

  it('finds a word that is only in an article’s body', async () => {
    // "landscape" and "Parquet" are in no title or keyword list, only in the articles.
    expect(find(enUS, 'landscape')).toEqual([]);
    expect(await findIn(enUS, 'landscape')).toEqual(['export-card']);
    expect(await findIn(enUS, 'parquet')).toEqual(
      expect.arrayContaining(['connect-data-source', 'getting-started']),
    );
  });

  it('searches the Turkish articles in Turkish, Turkish letters folded', async () => {
    expect(find(tr, 'hoparlör')).toEqual([]);
    expect(await findIn(tr, 'hoparlör')).toEqual(['voice-and-read-aloud']);
    expect(await findIn(tr, 'HOPARLOR')).toEqual(['voice-and-read-aloud']);
    expect(await findIn(tr, 'ızgara kartlar')).toContain('create-collection');
    // The English text is not what a Turkish reader searches.
    expect(await findIn(tr, 'landscape')).toEqual([]);
  });

  it('still ranks a title match above a match in the text', async () => {
    expect((await findIn(enUS, 'export pdf'))[0]).toBe('export-card');
    expect((await findIn(enUS, 'password'))[0]).toBe('change-password');
  });

  it('has every question’s article in both languages, its words without markup or link targets', async () => {
    for (const language of ['en', 'tr'] as const) {
      const articles = await loadArticles(language);
      for (const q of HELP_QUESTIONS) expect(articles[q.id], `${language} ${q.id}`).toBeTruthy();
    }
    expect(articleWords('See **[Ask](/help/ask-a-question)** _now_')).toBe('see ask now');
  });
});
