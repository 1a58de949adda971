import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_QUERY_OPTIONS } from '@parley/connectors';
import { DEMO_DATASOURCE_ID } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Actor } from '../../src/lib/access';
import { NEW_USER_FEATURES } from '../../src/modules/auth/auth.service';
import { ConversationsRepository } from '../../src/modules/conversations/conversations.repository';
import { ConversationsService } from '../../src/modules/conversations/conversations.service';
import { SynonymsRepository } from '../../src/modules/synonyms/synonyms.repository';
import { SynonymsService } from '../../src/modules/synonyms/synonyms.service';
import { buildTestApp, type TestApp } from '../helpers';
import { createUser } from '../peers/factories';

const dir = () => mkdtempSync(join(tmpdir(), 'parley-memory-'));

/** Memory bounded: DuckDB's memory and threads and the answer caches come from the configuration. */
describe('memory settings', () => {
  it('defaults to a bounded DuckDB and answer cache, and names a bad value', () => {
    const config = loadConfig({ DATA_DIR: dir() });
    expect([config.DUCKDB_MEMORY_LIMIT, config.DUCKDB_THREADS, config.ANSWER_CACHE_MB]).toEqual([
      '256MiB',
      2,
      64,
    ]);
    expect(loadConfig({ DATA_DIR: dir(), DUCKDB_MEMORY_LIMIT: '1.5GB' }).DUCKDB_MEMORY_LIMIT).toBe('1.5GB');
    expect(() => loadConfig({ DATA_DIR: dir(), DUCKDB_MEMORY_LIMIT: 'lots' })).toThrow(/DUCKDB_MEMORY_LIMIT/);
    // DuckDB cannot answer anything with a few megabytes.
    expect(() => loadConfig({ DATA_DIR: dir(), DUCKDB_MEMORY_LIMIT: '8MB' })).toThrow(
      /DUCKDB_MEMORY_LIMIT: must be at least 16MiB/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), DUCKDB_THREADS: '0' })).toThrow(/DUCKDB_THREADS/);
    expect(() => loadConfig({ DATA_DIR: dir(), ANSWER_CACHE_MB: '-1' })).toThrow(/ANSWER_CACHE_MB/);
  });

  describe('an app configured with them', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('pglite', { DUCKDB_MEMORY_LIMIT: '48MiB', DUCKDB_THREADS: '1' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("opens the demo source's DuckDB with that memory limit and thread count", async () => {
      const actor: Actor = {
        userId: '00000000-0000-0000-0000-000000000000',
        email: 'memory@parley.test',
        name: 'Memory',
        features: [],
        timezone: null,
        language: 'en-US',
        projectId: 'default',
      };
      const { connector } = await t.app.services.sources.resolve(actor, DEMO_DATASOURCE_ID);
      const { rows } = await connector.query(
        "SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads",
        [],
        DEFAULT_QUERY_OPTIONS,
      );
      expect({ memory: rows[0]?.memory, threads: Number(rows[0]?.threads) }).toEqual({
        memory: '48.0 MiB',
        threads: 1,
      });
    });
  });

  /** The in-process copies beside the answer caches keep to their byte budgets too. */
  describe('the follow-up contexts and the learned words', () => {
    let t: TestApp;
    let actor: Actor;
    beforeAll(async () => {
      t = await buildTestApp('pglite');
      const user = await createUser(t.app);
      actor = {
        userId: user.id,
        email: user.email,
        name: 'Memory',
        features: NEW_USER_FEATURES,
        timezone: 'UTC',
        language: 'en-US',
        projectId: 'default',
      };
    });
    afterAll(async () => {
      await t?.close();
    });

    it('reads a follow-up context from the history again once its copy no longer fits', async () => {
      const conversations = (bytes: number) => {
        const repo = new ConversationsRepository(t.app.database.db);
        const { answers, sources, access, mail, synonyms } = t.app.services;
        const service = new ConversationsService({
          repo,
          answers,
          sources,
          access,
          mail,
          brand: 'Parley',
          clock: () => new Date('2026-11-20T12:00:00Z'),
          synonyms,
          contextMs: 60_000,
          contexts: { entries: 100, bytes },
        });
        return { service, reads: vi.spyOn(repo, 'findLastSemantic') };
      };
      const ask = (service: ConversationsService, phrase: string) =>
        service.query(actor, { phrase, created: Date.now() });
      const roomy = conversations(1 << 20);
      await ask(roomy.service, 'revenue by region last month');
      await ask(roomy.service, 'orders by channel last month');
      // Read once, then kept with each answer.
      expect(roomy.reads).toHaveBeenCalledTimes(1);
      const tight = conversations(16);
      await ask(tight.service, 'revenue by region last month');
      await ask(tight.service, 'orders by channel last month');
      // A context is larger than 16 bytes: never kept, read for every question.
      expect(tight.reads).toHaveBeenCalledTimes(2);
    });

    it('builds a taught model again for each question once it no longer fits', async () => {
      const synonyms = (bytes: number) =>
        new SynonymsService({
          repo: new SynonymsRepository(t.app.database.db),
          access: t.app.services.access,
          clock: () => new Date('2026-11-20T12:00:00Z'),
          memo: { entries: 100, bytes },
        });
      const source = await t.app.services.sources.resolve(actor, DEMO_DATASOURCE_ID);
      const roomy = synonyms(1 << 24);
      await roomy.learn(actor, source, { word: 'haul', target: { type: 'measure', name: 'revenue' } });
      const taught = await roomy.teach(actor, source);
      expect(taught.model).not.toBe(source.model);
      // The same taught model object comes back: the parser's vocabulary of it is reused.
      expect((await roomy.teach(actor, source)).model).toBe(taught.model);
      const tight = synonyms(1024);
      const a = await tight.teach(actor, source);
      const b = await tight.teach(actor, source);
      expect(a.model).not.toBe(b.model);
      expect(a.model).toEqual(taught.model);
    });
  });
});
