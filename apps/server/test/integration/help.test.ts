import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_DIR } from '../../src/modules/help/help.routes';
import { buildTestApp, type TestApp } from '../helpers';

/** Help articles are served in the reader's language, English where no translation exists. */
describe('help articles in the reader’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The articles are files, not rows: the in-process database is enough.
    t = await buildTestApp('pglite');
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, acceptLanguage?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });

  it('serves the Turkish article for {id}.tr.md and for a Turkish Accept-Language', async () => {
    const asked = await get('/help/export-card.tr.md');
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-language']).toBe('tr');
    expect(asked.body).toMatch(/^# Bir kartı nasıl dışa aktarır veya e-postayla gönderirim\?/);
    const negotiated = await get('/help/export-card.md', 'tr-TR,tr;q=0.9,en;q=0.8');
    expect(negotiated.body).toBe(asked.body);
  });

  it('serves English by default, for English readers and for {id}.en.md', async () => {
    for (const res of [
      await get('/help/export-card.md'),
      await get('/help/export-card.md', 'en-GB,en;q=0.9,tr;q=0.5'),
      await get('/help/export-card.en.md', 'tr'),
      await get('/help/export-card.md', 'de-DE,fr;q=0.9'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe('en');
      expect(res.body).toMatch(/^# How do I export or email a card\?/);
    }
  });

  it('has a Turkish version of every English article', () => {
    const english = readdirSync(HELP_DIR).filter((f) => f.endsWith('.md'));
    expect(readdirSync(join(HELP_DIR, 'tr')).sort()).toEqual(english.sort());
  });

  it('answers the spec text for a missing article in any language', async () => {
    for (const url of ['/help/nope.tr.md', '/help/..%2Fexport-card.tr.md', '/help/tr%2Fexport-card.md']) {
      const res = await get(url, 'tr');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No Content Found!' });
    }
  });
});
