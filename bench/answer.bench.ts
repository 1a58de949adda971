/**
 * End-to-end answer time (HTTP request in, card out, through the whole Fastify app on loopback)
 * against the raw DuckDB time of the same SQL on the same file, interleaved in one run so the
 * ratio survives a noisy machine; at DEMO_SCALE 1 and 10 side by side.
 * Run: node --import tsx bench/answer.bench.ts   (SCALES=1,10 RUNS=15 by default)
 */
import { compileQuery, getDemoModel, parseQuestion } from '@parley/engine';
import { startApp } from './lib/app';
import { inTurns, openRawDuckDb, startHttpFloor } from './lib/baselines';
import { demoFile, END_DATE } from './lib/demo';
import { DEMO_QUESTIONS as QUESTIONS } from './lib/questions';
import { median, today, writeSection } from './lib/results';

const model = getDemoModel();
const SCALES = (process.env.SCALES ?? '1,10').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 15);

interface Row {
  scale: number;
  question: string;
  raw: number;
  answer: number;
  /** The same client's POST to a bare route sending the same reply: the HTTP round trip alone. */
  floor: number;
  cached?: number;
  rows: number;
}

async function measureScale(scale: number): Promise<{ rows: Row[]; generationMs: number }> {
  const { path, ms: generationMs } = await demoFile(scale);
  // Uncached, so every answer runs its SQL like the baseline does.
  const app = await startApp({ scale, resultCacheSize: 0 });
  const floor = await startHttpFloor(app);
  // The baseline: DuckDB's own client on the same file.
  const raw = await openRawDuckDb(path);

  const results: Row[] = [];
  for (const question of QUESTIONS) {
    const first = await app.ask(question);
    if (!first.card?.query) throw new Error(`no card for "${question}"`);
    floor.reply(first.text);
    // The same SQL with the same bound values, prepared by DuckDB itself.
    const parsed = parseQuestion(question, { model, today: END_DATE, weekStart: 'sunday' });
    if (parsed.kind !== 'query') throw new Error(`"${question}" did not parse`);
    const compiled = compileQuery(parsed.query, model, {
      dialect: 'duckdb',
      today: END_DATE,
      weekStart: 'sunday',
    });
    if (compiled.sql !== first.card.query.sql) throw new Error(`"${question}": the app ran different SQL`);
    const params = compiled.params as (string | number)[];
    await raw.time(compiled.sql, params);
    const times = { raw: [] as number[], answer: [] as number[], floor: [] as number[] };
    await inTurns(RUNS, [
      async () => times.answer.push((await app.ask(question)).ms),
      async () => times.raw.push(await raw.time(compiled.sql, params)),
      async () => times.floor.push(await floor.time()),
    ]);
    results.push({
      scale,
      question,
      raw: median(times.raw),
      answer: median(times.answer),
      floor: median(times.floor),
      rows: first.card.table.length,
    });
  }
  await floor.close();
  raw.close();
  await app.close();
  // The same questions asked again with the result cache on (read-only source): what a repeat costs.
  const cached = await startApp({ scale, resultCacheSize: 200 });
  for (const r of results) {
    await cached.ask(r.question);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await cached.ask(r.question)).ms);
    r.cached = median(times);
  }
  await cached.close();
  return { rows: results, generationMs };
}

const all: Row[] = [];
const gens: string[] = [];
for (const scale of SCALES) {
  const { rows, generationMs } = await measureScale(scale);
  all.push(...rows);
  gens.push(`scale ${scale}: ${generationMs ? `${(generationMs / 1000).toFixed(1)} s` : 'cached file'}`);
}
const table = QUESTIONS.map((q) => {
  const cells = SCALES.map((s) => {
    const r = all.find((x) => x.scale === s && x.question === q)!;
    return `${r.raw.toFixed(1)} | ${r.answer.toFixed(1)} | ${(r.answer / r.raw).toFixed(2)} | ${r.floor.toFixed(1)}`;
  });
  return `| ${q} | ${cells.join(' | ')} |`;
});
const overall = SCALES.map((s) => {
  const rs = all.filter((x) => x.scale === s);
  return `scale ${s}: median ratio **${median(rs.map((r) => r.answer / r.raw)).toFixed(2)}**, median answer ${median(rs.map((r) => r.answer)).toFixed(1)} ms, repeated (cached) ${median(rs.map((r) => r.cached ?? 0)).toFixed(1)} ms; of an answer's time beyond raw DuckDB (median ${median(rs.map((r) => r.answer - r.raw)).toFixed(1)} ms), the HTTP round trip alone ${median(rs.map((r) => r.floor)).toFixed(1)} ms`;
});
const growth =
  SCALES.length > 1
    ? `Growth from scale ${SCALES[0]} to ${SCALES.at(-1)} (median over questions): raw DuckDB ×${median(
        QUESTIONS.map(
          (q) =>
            all.find((x) => x.scale === SCALES.at(-1) && x.question === q)!.raw /
            all.find((x) => x.scale === SCALES[0] && x.question === q)!.raw,
        ),
      ).toFixed(1)}, answer ×${median(
        QUESTIONS.map(
          (q) =>
            all.find((x) => x.scale === SCALES.at(-1) && x.question === q)!.answer /
            all.find((x) => x.scale === SCALES[0] && x.question === q)!.answer,
        ),
      ).toFixed(1)}.`
    : '';
const body = `Command: \`SCALES=${SCALES.join(',')} RUNS=${RUNS} node --import tsx bench/answer.bench.ts\` (medians per question), ${today()}.
"answer" (result cache off) = HTTP POST /features/conversations/query on loopback through the whole app (session, quota, source lookup, validation, parse, compile, DuckDB, card, history journal, JSON); "raw" = DuckDB's own client running the same SQL with the same parameters on the same file; "HTTP floor" = the same client's POST to a bare Fastify route in the bench's process sending the same reply text (the round trip any answer pays: client, loopback, Node's HTTP). The three interleaved in one process, their order turning each run.

| question | ${SCALES.map((s) => `raw ms (×${s}) | answer ms (×${s}) | ratio (×${s}) | HTTP floor ms (×${s})`).join(' | ')} |
|---|${SCALES.map(() => '---|---|---|---|').join('')}
${table.join('\n')}

${overall.join('; ')}. ${growth}
Dataset generation: ${gens.join(', ')}.`;
writeSection('Answer time vs raw DuckDB', body);
console.log(body);
process.exit(0);
