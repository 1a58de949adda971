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
import { createPostgresDemoDatabase } from '@parley/testing/fixtures/postgres-fixture';
import pg from 'pg';
import { type BenchApp, connectPostgres, startApp } from './lib/app';
import { startLatencyProxy } from './lib/latency-proxy';
import { PG_QUESTIONS } from './lib/questions';
import { median, today, writeSection } from './lib/results';
import { onTraced, type SqlStatement, sqlOf } from './lib/trace';

const PG_SCALE = Number(process.env.PG_SCALE ?? 1);
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 15);
/** A network round trip to PostgreSQL (0: loopback as it is), for the app and the raw client alike. */
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 0);
/** QUESTIONS='a|b|…' replaces the everyday questions. */
const QUESTIONS = process.env.QUESTIONS ? process.env.QUESTIONS.split('|').filter(Boolean) : PG_QUESTIONS;

// The SQL and values the app sends to PostgreSQL, recorded where the connector runs them (its timing point).
let lastStatement: SqlStatement | null = null;
const stopRecording = onTraced('connector.execute', (_ms, context) => {
  lastStatement = sqlOf(context);
});

/** POSTs `file` to the upload route as the signed-in user, timed in this process. */
async function upload(app: BenchApp, file: string) {
  const form = new FormData();
  form.set('file', await openAsBlob(file, { type: 'text/csv' }), 'orders_1m.csv');
  const { cookie, 'x-xsrf-token': xsrf } = app.headers;
  const headers = { cookie: cookie!, 'x-xsrf-token': xsrf! };
  const t = performance.now();
  const res = await fetch(`${app.base}/api/v1/datasource/upload`, { method: 'POST', headers, body: form });
  const json = (await res.json()) as Record<string, unknown>;
  return { ms: performance.now() - t, status: res.status, json };
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
// Result cache off: every answer runs its SQL, like the baseline.
const app = await startApp({ resultCacheSize: 0, env: { UPLOAD_LIMIT_MB: '500' } });
const raw = new pg.Client({ ...pgConfig });
await raw.connect();
const datasourceId = await connectPostgres(app, pgConfig);

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
    lastStatement = null;
    const res = await app.postJson('/features/conversations/query', {
      phrase: question,
      created: Date.now(),
      datasource_id: datasourceId,
    });
    const card = (res.json.responses as { card?: { table: unknown[] } }[] | undefined)?.[0]?.card;
    return { ms: res.ms, card, statement: lastStatement as SqlStatement | null };
  };
  const first = await ask();
  if (!first.card || !first.statement) {
    skipped.push(question);
    continue;
  }
  const { sql, params } = first.statement;
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
  stopRecording();
  await app.close();
  await proxy?.close();
  await pgDb.drop();
};

const lines = results.map(
  (r) =>
    `| ${r.question} | ${r.rows} | ${r.raw.toFixed(1)} | ${r.answer.toFixed(1)} | ${(r.answer / r.raw).toFixed(2)} |`,
);
const answers = `Command: \`${LATENCY_MS ? `LATENCY_MS=${LATENCY_MS} ` : ''}${process.env.QUESTIONS ? `QUESTIONS='${process.env.QUESTIONS}' ` : ''}PG_SCALE=${PG_SCALE} RUNS=${RUNS}${LATENCY_MS ? '' : ` ROWS=${ROWS}`} node --import tsx bench/datasource.bench.ts\` (medians per question), ${today()}.

**Answer on a PostgreSQL source vs raw \`pg\`.** The demo tables (scale ${PG_SCALE}) copied into a local PostgreSQL database and connected as a data source (introspected model, no hand-written one). "answer" (result cache off) = HTTP POST /features/conversations/query with \`datasource_id\` through the whole app (session, parse, compile, READ ONLY transaction with statement_timeout and row cap, card, history write); "raw" = one \`pg\` client running the same SQL with the same values. Interleaved in one process.${LATENCY_MS ? ` Both reach PostgreSQL through bench/lib/latency-proxy.ts, which adds ${LATENCY_MS} ms to every round trip.` : ''}

| question | rows | raw ms | answer ms | ratio |
|---|---|---|---|---|
${lines.join('\n')}

Median ratio **${results.length ? median(results.map((r) => r.answer / r.raw)).toFixed(2) : '–'}**, median answer ${results.length ? median(results.map((r) => r.answer)).toFixed(1) : '–'} ms.${skipped.length ? ` Not answered with a card (left out): ${skipped.map((q) => `"${q}"`).join(', ')}.` : ''}`;
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
  const u = await upload(app, csv);
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
