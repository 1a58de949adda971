import { DuckDbConnector } from '@parley/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, DEMO, signIn, type TestApp } from '../helpers';

/** A tenth of the full size unless PARLEY_FULL_FUZZ is 1 or names this fuzzer (`ask`): then 10 000 phrases. */
const FULL = (process.env.PARLEY_FULL_FUZZ ?? '').split(',').some((v) => v === '1' || v === 'ask');
const PHRASES = FULL ? 10_000 : 1_000;

// A seeded generator: the same phrases on every run, so a failure can be replayed.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'revenue',
  'orders',
  'by',
  'region',
  'country',
  'last',
  'month',
  'year',
  'vs',
  'top',
  '5',
  'in',
  'Germany',
  'EMEA',
  'paid search',
  'mobile',
  'sessions',
  'bounce rate',
  'weekly',
  'as a pie',
  'over',
  '100',
  'which',
  'most',
  'least',
  'and',
  'only',
  'same for',
  'Q2 2025',
  'March 2025',
  'yesterday',
  'this quarter',
];
const HOSTILE = [
  "'; DROP TABLE orders; --",
  '" OR 1=1 --',
  'UNION SELECT * FROM customers',
  '); DELETE FROM users; --',
  "COPY orders TO '/tmp/x.csv'",
  "ATTACH '/etc/passwd' AS p",
  "read_csv('/etc/passwd')",
  'INSTALL httpfs; LOAD httpfs;',
  '$1',
  '?',
  '\\',
  '`',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, on purpose.
  '${process.exit()}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  '\u202e',
  '🙂📈',
  'ğüşıöç İ',
  '漢字',
  'null',
  'undefined',
  'NaN',
  '-1e309',
  '%s%s%n',
  '../../etc/passwd',
  'pragma database_list',
  "SET access_mode='READ_WRITE'",
  'CREATE TABLE x AS SELECT 1',
  'CALL pragma_version()',
];

function phrase(r: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const kind = r();
  if (kind < 0.02) return pick(HOSTILE).repeat(2 + Math.floor(r() * 400)); // often over 500 characters
  if (kind < 0.05)
    return String.fromCharCode(
      ...Array.from({ length: 1 + Math.floor(r() * 80) }, () => Math.floor(r() * 0xffff)),
    );
  const parts: string[] = [];
  const n = 1 + Math.floor(r() * 9);
  for (let i = 0; i < n; i++) parts.push(r() < 0.3 ? pick(HOSTILE) : pick(WORDS));
  return parts.join(r() < 0.8 ? ' ' : pick(["'", '"', ';', '--', '/*', '*/', ',', '\n']));
}

describe(`asking ${PHRASES} random and hostile phrases`, () => {
  let t: TestApp;
  let demo: Client;
  beforeAll(async () => {
    // Thousands of questions in a minute are the fuzzer's, not a person's: no per-user ceiling here.
    t = await buildTestApp('pglite', { ASK_RATE_LIMIT: '0' });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(() => t.close());

  it('never answers 500 and runs nothing but read-only SELECTs with bound values', async () => {
    const executed: { sql: string; params: unknown[] }[] = [];
    // Record every statement while the real connector runs it.
    const original = DuckDbConnector.prototype.query;
    DuckDbConnector.prototype.query = function (sql, params, options) {
      executed.push({ sql, params });
      return original.call(this, sql, params, options);
    };
    const r = rng(20261120);
    const statuses = new Map<number, number>();
    const phrases: string[] = [];
    try {
      for (let i = 0; i < PHRASES; i++) {
        const p = phrase(r);
        phrases.push(p);
        const res = await demo.inject({
          method: 'POST',
          url: '/features/conversations/query',
          payload: { phrase: p, created: i },
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) throw new Error(`500 for phrase ${JSON.stringify(p)}: ${res.body}`);
        if (res.statusCode === 400) expect(res.json().message).toMatch(/question|NUL/i);
      }
    } finally {
      DuckDbConnector.prototype.query = original;
    }
    expect(statuses.get(200)).toBeGreaterThan(PHRASES / 2);
    expect(statuses.get(400)).toBeGreaterThan(0); // the over-long and blank ones
    expect(executed.length).toBeGreaterThan(PHRASES / 100); // real questions ran
    for (const { sql } of executed) {
      expect(sql).toMatch(/^\s*(SELECT|WITH)\b/i);
      expect(sql).not.toMatch(/;\s*\S/); // one statement only
      // No user text reaches the SQL: every hostile fragment must appear only among bound values.
      for (const h of HOSTILE.filter((x) => x.length > 6)) expect(sql).not.toContain(h);
    }
  }, 600_000);
});
