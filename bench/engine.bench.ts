/**
 * Ask-engine benchmark: parse + compile time per question over the demo model, demo dataset
 * generation time (scale 1), and the answer time against raw DuckDB time for the same SQL.
 * Writes its figures into the "## Ask engine" section of bench/RESULTS.md.
 * Run: npx tsx bench/engine.bench.ts
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbConnector, ensureDemoDataset } from '@parley/connectors';
import { buildCard, compileQuery, getDemoModel, parseQuestion } from '@parley/engine';

const END_DATE = '2026-11-20';
const QUESTIONS = [
  'revenue by country last month',
  'top 5 products by revenue in 2025',
  'orders this year vs last year',
  'weekly sessions last 8 weeks',
  'bounce rate by device as a pie',
  'revenue in Germany and France by month this year',
  'which channel had the fewest sessions last month',
  'revnue by contry last quarter',
  'aov by channel ytd compared to last year',
  'countries with revenue over 100000 last year',
];
const options = { today: END_DATE, weekStart: 'monday' as const };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const model = getDemoModel();
  // Warm-up: the first call loads the wink model and builds the vocabulary.
  const warmStart = performance.now();
  parseQuestion(QUESTIONS[0], { model, ...options });
  const warmMs = performance.now() - warmStart;

  const samples: number[] = [];
  for (let round = 0; round < 200; round++) {
    for (const q of QUESTIONS) {
      const t = performance.now();
      const parsed = parseQuestion(q, { model, ...options });
      if (parsed.kind === 'query') compileQuery(parsed.query, model, { dialect: 'duckdb', ...options });
      samples.push(performance.now() - t);
    }
  }

  const path = join(tmpdir(), `parley-bench-demo-${process.pid}.duckdb`);
  rmSync(path, { force: true });
  const generated = await ensureDemoDataset({ path, endDate: END_DATE, scale: 1 });
  const connector = new DuckDbConnector({ type: 'DUCKDB', path });
  const ratios: string[] = [];
  for (const q of QUESTIONS.slice(0, 5)) {
    const parsed = parseQuestion(q, { model, ...options });
    if (parsed.kind !== 'query') continue;
    const compiled = compileQuery(parsed.query, model, { dialect: 'duckdb', ...options });
    await connector.query(compiled.sql, compiled.params, { timeoutMs: 30_000, maxRows: 10_000 });
    const raw0 = performance.now();
    const raw = await connector.query(compiled.sql, compiled.params, { timeoutMs: 30_000, maxRows: 10_000 });
    const rawMs = performance.now() - raw0;
    const all0 = performance.now();
    const p2 = parseQuestion(q, { model, ...options });
    if (p2.kind !== 'query') continue;
    const c2 = compileQuery(p2.query, model, { dialect: 'duckdb', ...options });
    const rows = await connector.query(c2.sql, c2.params, { timeoutMs: 30_000, maxRows: 10_000 });
    buildCard({ query: p2.query, model, compiled: c2, rows: rows.rows, readAt: new Date().toISOString() });
    const allMs = performance.now() - all0;
    ratios.push(
      `| ${q} | ${rawMs.toFixed(1)} | ${allMs.toFixed(1)} | ${(allMs / rawMs).toFixed(2)} | ${raw.rows.length} |`,
    );
  }
  await connector.close();
  rmSync(path, { force: true });

  const section = [
    '## Ask engine',
    '',
    `Command: \`npx tsx bench/engine.bench.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
    '',
    `- Parse + compile per question (${samples.length} runs of ${QUESTIONS.length} questions, warm): median **${percentile(samples, 50).toFixed(3)} ms**, p95 ${percentile(samples, 95).toFixed(3)} ms, max ${Math.max(...samples).toFixed(2)} ms (target < 2 ms).`,
    `- First parse (loads wink-nlp model, builds the vocabulary): ${warmMs.toFixed(0)} ms.`,
    `- Demo dataset generation at DEMO_SCALE=1 (50k customers, 600k orders, ~1.5M order items, ~395k web_traffic rows): **${(generated.ms / 1000).toFixed(1)} s** (target < 20 s).`,
    '',
    'Answer time (parse + compile + query + card) against the raw DuckDB time of the same SQL, scale 1:',
    '',
    '| question | raw DuckDB ms | answer ms | ratio | rows |',
    '|---|---|---|---|---|',
    ...ratios,
    '',
  ].join('\n');

  const file = join(import.meta.dirname, 'RESULTS.md');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const pattern = /## Ask engine\n[\s\S]*?(?=\n## |$)/;
  const next = pattern.test(current)
    ? current.replace(pattern, section)
    : `${current.trimEnd()}\n\n${section}`;
  writeFileSync(file, next);
  console.log(section);
}

await main();
