/**
 * Ask-engine benchmark: parse + compile time per question over the demo model, demo dataset
 * generation time (scale 1); answer time against raw DuckDB is answer.bench.ts.
 * Writes its figures into the "## Ask engine" section of bench/RESULTS.md.
 * Run: node --import tsx bench/engine.bench.ts
 */
import { rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDemoDataset } from '@parley/connectors';
import { compileQuery, getDemoModel, parseQuestion } from '@parley/engine';
import { END_DATE } from './lib/demo';
import { today, writeSection } from './lib/results';

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
/** Turkish questions: the Turkish pack, chosen from the question and the user's language. */
const TR_QUESTIONS = [
  'geçen ay ülkelere göre gelir',
  'en çok satan 5 ürün 2025',
  'bu yıl geçen yıla göre siparişler',
  'son 8 hafta haftalık oturumlar',
  'cihaza göre hemen çıkma oranı pasta grafik',
  "Almanya ve Fransa'da bu yıl aylık gelir",
  'Almanya hariç bölgelere göre gelir',
  "2025'in ilk çeyreği kanallara göre siparisler",
  'yilbasindan beri kategorilere gore ciro',
  "1.500'den fazla siparişi olan ülkeler",
];
const options = { today: END_DATE, weekStart: 'monday' as const };

/**
 * Wall and CPU time of one parse + compile. CPU time (this process only) is what the engine costs
 * when other processes share the cores: wall-time tails then measure the scheduler, not us. The
 * kernel counts CPU time in ticks, so one sample is 0 or a tick: only the mean over all samples
 * means something (a p95 of ticks would not).
 */
function timed(run: () => void, wall: number[], cpu: number[]): void {
  const c = process.cpuUsage();
  const t = performance.now();
  run();
  wall.push(performance.now() - t);
  const used = process.cpuUsage(c);
  cpu.push((used.user + used.system) / 1000);
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

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
  const cpu: number[] = [];
  for (let round = 0; round < 200; round++) {
    for (const q of QUESTIONS) {
      timed(
        () => {
          const parsed = parseQuestion(q, { model, ...options });
          if (parsed.kind === 'query') compileQuery(parsed.query, model, { dialect: 'duckdb', ...options });
        },
        samples,
        cpu,
      );
    }
  }

  const trSamples: number[] = [];
  const trCpu: number[] = [];
  parseQuestion(TR_QUESTIONS[0], { model, ...options, language: 'tr' });
  for (let round = 0; round < 200; round++) {
    for (const q of TR_QUESTIONS) {
      timed(
        () => {
          const parsed = parseQuestion(q, { model, ...options, language: 'tr' });
          if (parsed.kind === 'query') compileQuery(parsed.query, model, { dialect: 'duckdb', ...options });
        },
        trSamples,
        trCpu,
      );
    }
  }

  const path = join(tmpdir(), `parley-bench-demo-${process.pid}.duckdb`);
  rmSync(path, { force: true });
  const generated = await ensureDemoDataset({ path, endDate: END_DATE, scale: 1 });
  rmSync(path, { force: true });

  const body = [
    `Command: \`node --import tsx bench/engine.bench.ts\` — ${today()}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
    '',
    `- Parse + compile per question (${samples.length} runs of ${QUESTIONS.length} questions, warm): median **${percentile(samples, 50).toFixed(3)} ms**, p95 ${percentile(samples, 95).toFixed(3)} ms, max ${Math.max(...samples).toFixed(2)} ms (target < 2 ms); CPU time mean ${mean(cpu).toFixed(3)} ms (whole process, GC threads included).`,
    `- Parse + compile per Turkish question (${trSamples.length} runs of ${TR_QUESTIONS.length} questions, warm): median **${percentile(trSamples, 50).toFixed(3)} ms**, p95 ${percentile(trSamples, 95).toFixed(3)} ms, max ${Math.max(...trSamples).toFixed(2)} ms (target < 2 ms); CPU time mean ${mean(trCpu).toFixed(3)} ms (whole process, GC threads included).`,
    `- Load average while measuring: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (wall-time tails grow with it; mean CPU time much less).`,
    `- First parse (loads wink-nlp model, builds the vocabulary): ${warmMs.toFixed(0)} ms.`,
    `- Demo dataset generation at DEMO_SCALE=1 (50k customers, 600k orders, ~1.5M order items, ~395k web_traffic rows): **${(generated.ms / 1000).toFixed(1)} s** (target < 20 s).`,
    '- Answer time against raw DuckDB: see "Answer time vs raw DuckDB" (bench/answer.bench.ts).',
  ].join('\n');
  writeSection('Ask engine', body);
  console.log(body);
}

await main();
