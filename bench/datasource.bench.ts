/**
 * Data sources: (1) answer time on a PostgreSQL source vs the raw `pg` time of the same SQL with
 * the same values, interleaved in one run; (2) upload time of a 1 M-row CSV through
 * POST /api/v1/datasource/upload vs DuckDB's own `read_csv_auto` of the same file.
 * Run: node --import tsx bench/datasource.bench.ts   (PG_SCALE=1 ROWS=1000000 RUNS=15 by default;
 * LATENCY_MS=10 puts a round trip of that many ms between PostgreSQL and both of its clients;
 * PostgreSQL: TEST_DATABASE_URL, required)
 */
import { createWriteStream, mkdtempSync, openAsBlob, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { PostgresConnector, type TQueryPlan } from '@parley/connectors';
import { createPostgresDemoDatabase } from '@parley/testing/fixtures/postgres-fixture';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { startLatencyProxy } from './latency-proxy';
import { median, writeSection } from './results';

const PG_SCALE = Number(process.env.PG_SCALE ?? 1);
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 15);
/** A network round trip to PostgreSQL (0: loopback as it is), for the app and the raw client alike. */
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 0);
const PASSWORD = 'Bench-pass-123!';
/** Everyday questions over the demo tables as an introspected PostgreSQL schema (no hand-written model). */
const QUESTIONS = (process.env.QUESTIONS ?? '')
  .split('|')
  .filter(Boolean)
  .concat(
    process.env.QUESTIONS
      ? []
      : [
          'number of orders by region',
          'number of orders by channel last month',
          'total quantity by category',
          'orders by month in 2025',
          'average unit price by brand',
          'total sessions by device last 30 days',
        ],
  );

// The SQL and values the app sends to PostgreSQL, recorded where the connector runs them.
let lastPlan: TQueryPlan | null = null;
const originalExecute = PostgresConnector.prototype.execute;
PostgresConnector.prototype.execute = function (plan, options) {
  lastPlan = plan;
  return originalExecute.call(this, plan, options);
};

async function startApp() {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-bench-ds-')),
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_HOSTS: 'true',
    ASK_RATE_LIMIT: '0',
    UPLOAD_LIMIT_MB: '500',
  });
  const database = await openDatabase({ dir: null });
  // Result cache off: every answer runs its SQL, like the baseline.
  const app = await buildApp({ config, database, resultCacheSize: 0 });
  await app.services.demo.ensureDemo();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/auth/loginwithpassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: config.DEMO_EMAIL, password: PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const { xsrfToken } = (await login.json()) as { xsrfToken: string };
  const headers = { cookie, 'x-xsrf-token': xsrfToken };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const upload = async (file: string) => {
    const form = new FormData();
    form.set('file', await openAsBlob(file, { type: 'text/csv' }), 'orders_1m.csv');
    const t = performance.now();
    const res = await fetch(`${base}/api/v1/datasource/upload`, { method: 'POST', headers, body: form });
    const json = (await res.json()) as Record<string, unknown>;
    return { ms: performance.now() - t, status: res.status, json };
  };
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { post, upload, close };
}

/** A 1 M-row sales CSV: date, text dimensions, an integer and a money column. */
async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  const regions = ['Americas', 'EMEA', 'APAC'];
  const channels = ['Organic Search', 'Paid Search', 'Email', 'Social', 'Direct', 'Referral'];
  out.write('order_id,order_date,region,channel,product,quantity,amount\n');
  let seed = 42;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  let chunk = '';
  for (let i = 1; i <= rows; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(rnd() * 1000) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    chunk += `${i},${day},${regions[i % 3]},${channels[i % 6]},Product ${1 + Math.floor(rnd() * 400)},${1 + Math.floor(rnd() * 5)},${(rnd() * 500).toFixed(2)}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise<void>((r) => out.once('finish', () => r()));
}

const pgDb = await createPostgresDemoDatabase(PG_SCALE);
const proxy = LATENCY_MS > 0 ? await startLatencyProxy(pgDb.config, LATENCY_MS) : null;
const pgConfig = proxy ? { ...pgDb.config, host: '127.0.0.1', port: proxy.port } : pgDb.config;
const app = await startApp();
const raw = new pg.Client({ ...pgConfig });
await raw.connect();
const created = await app.post('/api/v1/datasource', {
  type: 'POSTGRESQL',
  name: 'Bench PostgreSQL',
  config: pgConfig,
});
if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.json)}`);
const datasourceId = created.json.datasource_id as string;

interface Row {
  question: string;
  raw: number;
  answer: number;
  rows: number;
}
const results: Row[] = [];
const skipped: string[] = [];
for (const question of QUESTIONS) {
  const ask = async () => {
    lastPlan = null;
    const t = performance.now();
    const res = await app.post('/features/conversations/query', {
      phrase: question,
      created: Date.now(),
      datasource_id: datasourceId,
    });
    const ms = performance.now() - t;
    const card = (res.json.responses as { card?: { table: unknown[] } }[] | undefined)?.[0]?.card;
    return { ms, card, plan: lastPlan as TQueryPlan | null };
  };
  const first = await ask();
  if (!first.card || first.plan?.kind !== 'sql') {
    skipped.push(question);
    continue;
  }
  const { sql, params } = first.plan;
  const runRaw = async () => {
    const t = performance.now();
    await raw.query(sql, params);
    return performance.now() - t;
  };
  await runRaw();
  const rawTimes: number[] = [];
  const answerTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate the order so neither side always runs on a warmer cache.
    if (i % 2) {
      rawTimes.push(await runRaw());
      answerTimes.push((await ask()).ms);
    } else {
      answerTimes.push((await ask()).ms);
      rawTimes.push(await runRaw());
    }
  }
  results.push({
    question,
    raw: median(rawTimes),
    answer: median(answerTimes),
    rows: first.card.table.length,
  });
}
await raw.end();
/** Closes the app before the database it reads is dropped. */
const finish = async () => {
  await app.close();
  await proxy?.close();
  await pgDb.drop();
};

const lines = results.map(
  (r) =>
    `| ${r.question} | ${r.rows} | ${r.raw.toFixed(1)} | ${r.answer.toFixed(1)} | ${(r.answer / r.raw).toFixed(2)} |`,
);
const answers = `Command: \`${LATENCY_MS ? `LATENCY_MS=${LATENCY_MS} ` : ''}${process.env.QUESTIONS ? `QUESTIONS='${process.env.QUESTIONS}' ` : ''}node --import tsx bench/datasource.bench.ts\` (PG_SCALE=${PG_SCALE}, RUNS=${RUNS} per question, medians${LATENCY_MS ? '' : `; ROWS=${ROWS}`}), ${new Date().toISOString().slice(0, 10)}.

**Answer on a PostgreSQL source vs raw \`pg\`.** The demo tables (scale ${PG_SCALE}) copied into a local PostgreSQL database and connected as a data source (introspected model, no hand-written one). "answer" (result cache off) = HTTP POST /features/conversations/query with \`datasource_id\` through the whole app (session, parse, compile, READ ONLY transaction with statement_timeout and row cap, card, history write); "raw" = one \`pg\` client running the same SQL with the same values. Interleaved in one process.${LATENCY_MS ? ` Both reach PostgreSQL through bench/latency-proxy.ts, which adds ${LATENCY_MS} ms to every round trip.` : ''}

| question | rows | raw ms | answer ms | ratio |
|---|---|---|---|---|
${lines.join('\n')}

Median ratio **${results.length ? median(results.map((r) => r.answer / r.raw)).toFixed(2) : '–'}**, median answer ${results.length ? median(results.map((r) => r.answer)).toFixed(1) : '–'} ms.${skipped.length ? ` Not answered with a card (left out): ${skipped.map((q) => `"${q}"`).join(', ')}.` : ''}
Profile note (2026-11-23): the row cap was first a cursor (DECLARE … FETCH maxRows+1); PostgreSQL never plans a cursor's query in parallel, and this run's median ratio was 1.77 (1.84–1.90 on the 0.6 s aggregates). The cap is now an outer LIMIT, which keeps parallel plans.`;
if (LATENCY_MS > 0) {
  await finish();
  writeSection(`Data sources: PostgreSQL answers across a ${LATENCY_MS} ms round trip`, answers);
  console.log(answers);
  process.exit(0);
}

// Upload: the app's whole path (multipart, sniffing, DuckDB load, type detection, the source row)
// against DuckDB alone loading the same file into a fresh database file.
const dir = mkdtempSync(join(tmpdir(), 'parley-bench-csv-'));
const csv = join(dir, 'orders_1m.csv');
await writeCsv(csv, ROWS);
const sizeMb = statSync(csv).size / 1024 / 1024;
const uploads: number[] = [];
const duck: number[] = [];
for (let i = 0; i < 3; i++) {
  const u = await app.upload(csv);
  if (u.status !== 200) throw new Error(`upload failed: ${JSON.stringify(u.json)}`);
  uploads.push(u.ms);
  const t = performance.now();
  const instance = await DuckDBInstance.create(join(dir, `baseline-${i}.duckdb`));
  const c = await instance.connect();
  await c.run(`CREATE TABLE orders_1m AS SELECT * FROM read_csv_auto('${csv}')`);
  c.closeSync();
  instance.closeSync();
  duck.push(performance.now() - t);
}
await finish();
const body = `${answers}

**Upload of a ${ROWS.toLocaleString('en-US')}-row CSV (${sizeMb.toFixed(1)} MB).** POST /api/v1/datasource/upload (multipart over loopback, content sniffing, DuckDB load with type detection, the source row): median **${(median(uploads) / 1000).toFixed(2)} s** of ${uploads.map((m) => (m / 1000).toFixed(2)).join(', ')} s; DuckDB alone (\`CREATE TABLE … AS SELECT * FROM read_csv_auto\` into a new file): median ${(median(duck) / 1000).toFixed(2)} s; ratio ${(median(uploads) / median(duck)).toFixed(2)}.`;

writeSection('Data sources: PostgreSQL answers and CSV upload', body);
console.log(body);
process.exit(0);
