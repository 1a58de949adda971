/**
 * What the answer path's own parts cost hot (called back to back, as a micro-benchmark sees
 * them) against what they cost when an answer actually runs them: once, after a pause. Each part
 * of an uncached answer — parse, compile, the card, the contract's check, the JSON text — timed
 * on its own in four conditions: back to back; after 10 ms asleep (a person's next question
 * arrives after a gap); after 10 ms of busy spinning (the core never idles, so not a sleep state);
 * right after a DuckDB query (what an uncached answer does between compiling and the card).
 * Explains why the app's fixed cost outside DuckDB measured in the server ("Answer time vs raw
 * DuckDB") is several times the sum of its parts' micro-benchmarks.
 * Run: node --import tsx bench/cold-code.bench.ts   (ROUNDS=101)
 */

import { DEFAULT_QUERY_OPTIONS, DuckDbConnector } from '@parley/connectors';
import { ZCard } from '@parley/contract';
import { buildCard, compileQuery, getDemoModel, parseQuestion } from '@parley/engine';
import { z } from 'zod';
import { demoFile, END_DATE } from './lib/demo';
import { WARM_QUESTION as QUESTION } from './lib/questions';
import { median, today, writeSection } from './lib/results';

const ROUNDS = Number(process.env.ROUNDS ?? 101);
const model = getDemoModel();
// As the app asks (answers.service.ts): analyses on, English, yesterday's question as context.
const base = {
  model,
  today: END_DATE,
  weekStart: 'sunday' as const,
  kinds: { drivers: true, forecast: true },
  language: 'en' as const,
};
const previous = parseQuestion('orders by month this year', base);
if (previous.kind !== 'query') throw new Error('the context question did not parse');
const options = { ...base, previous: previous.query };
const parsed = parseQuestion(QUESTION, options);
if (parsed.kind !== 'query') throw new Error(`"${QUESTION}" did not parse`);
const compileOptions = { dialect: 'duckdb' as const, today: END_DATE, weekStart: 'sunday' as const };
const compiled = compileQuery(parsed.query, model, compileOptions);

const { path } = await demoFile(1);
const connector = new DuckDbConnector({ path });
const runQuery = () =>
  connector.execute({ kind: 'sql', sql: compiled.sql, params: compiled.params }, DEFAULT_QUERY_OPTIONS);
const { rows } = await runQuery();
const card = () =>
  buildCard({
    query: parsed.query,
    model,
    compiled,
    rows,
    readAt: `${END_DATE}T12:00:00.000Z`,
    locale: 'en-US',
    language: 'en',
    today: END_DATE,
  });
const built = card();

const PARTS: [string, () => unknown][] = [
  ['parse the question (parseQuestion)', () => parseQuestion(QUESTION, options)],
  ['compile to SQL (compileQuery)', () => compileQuery(parsed.query, model, compileOptions)],
  ['build the card (buildCard)', card],
  ["the contract's check of the card (z.encode)", () => z.encode(ZCard, built)],
  ['the JSON text of the card', () => JSON.stringify(built)],
];

type Gap = 'back to back' | 'after 10 ms asleep' | 'after 10 ms spinning' | 'right after a DuckDB query';
const GAPS: [Gap, () => Promise<unknown>][] = [
  ['back to back', async () => undefined],
  ['after 10 ms asleep', () => new Promise((resolve) => setTimeout(resolve, 10))],
  [
    'after 10 ms spinning',
    async () => {
      const end = performance.now() + 10;
      while (performance.now() < end);
    },
  ],
  ['right after a DuckDB query', runQuery],
];

/** µs per call of `part`, median over ROUNDS, each call after `gap`. */
async function time(part: () => unknown, gap: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    await gap();
    const t = performance.now();
    part();
    times.push((performance.now() - t) * 1000);
  }
  return median(times);
}

// Warm the JIT first: every condition then times optimised code.
for (const [, part] of PARTS) for (let i = 0; i < 2000; i++) part();
const figures = new Map<string, Map<Gap, number>>();
for (const [name, part] of PARTS) {
  const row = new Map<Gap, number>();
  // Back to back: the median of many calls in a tight loop, as a micro-benchmark measures.
  row.set('back to back', await time(part, GAPS[0]![1]));
  for (const [gap, wait] of GAPS.slice(1)) row.set(gap, await time(part, wait));
  figures.set(name, row);
}
// The whole engine path of an uncached answer, in one go (what the server runs between the
// request and the reply, less HTTP, the app's checks and the journal).
const whole = () => {
  const p = parseQuestion(QUESTION, options);
  if (p.kind !== 'query') throw new Error('no parse');
  compileQuery(p.query, model, compileOptions);
  JSON.stringify(z.encode(ZCard, card()));
};
const wholeRow = new Map<Gap, number>();
for (const [gap, wait] of GAPS) wholeRow.set(gap, await time(whole, wait));
figures.set('all five in a row', wholeRow);
await connector.close();

const gaps = GAPS.map(([gap]) => gap);
const lines = [...figures].map(([name, row]) => {
  const hot = row.get('back to back')!;
  return `| ${name} | ${gaps.map((g) => `${row.get(g)!.toFixed(0)}${g === 'back to back' ? '' : ` (×${(row.get(g)! / hot).toFixed(1)})`}`).join(' | ')} |`;
});
const body = `Command: \`ROUNDS=${ROUNDS} node --import tsx bench/cold-code.bench.ts\` (medians, “${QUESTION}”, scale 1, JIT warmed by 2 000 calls of each part first), ${today()}.
µs per call of each part of an uncached answer, alone, after the gap named (×: against back to back):

| part | ${gaps.join(' | ')} |
|---|${gaps.map(() => '---|').join('')}
${lines.join('\n')}`;
writeSection('Cold code: the answer path’s parts hot and after a pause', body);
console.log(body);
process.exit(0);
