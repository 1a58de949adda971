/**
 * An uncached answer's time inside the app, phase by phase: the app's timing points
 * (conversation.query, answer.understand, answer.query, connector.execute; @parley/connectors'
 * trace.ts) timed by a subscriber, the app otherwise as it runs, one question at a time from the
 * bench client's process. Says how much of an answer's time beyond DuckDB is the app's own work and
 * where, with the same client's round trip to a bare route (the HTTP floor) and DuckDB's own client
 * on the same SQL in the same turns.
 * Run: node --import tsx bench/answer-phases.bench.ts   (RUNS=100, QUESTION="revenue by region last month")
 */
import type { TracePoint } from '@parley/connectors';
import { startApp } from './lib/app';
import { inTurns, openRawDuckDb, startHttpFloor } from './lib/baselines';
import { demoFile } from './lib/demo';
import { WARM_QUESTION } from './lib/questions';
import { median, today, writeSection } from './lib/results';
import { onTraced, type SqlStatement, sqlOf } from './lib/trace';

const RUNS = Number(process.env.RUNS ?? 100);
const QUESTION = process.env.QUESTION ?? WARM_QUESTION;

/** Each phase's time in the answer being asked, in ms (one answer at a time; a phase run twice adds up). */
const last = new Map<string, number>();
const PHASES: [TracePoint, string][] = [
  ['conversation.query', 'service'],
  ['answer.understand', 'understand'],
  ['answer.query', 'answerQuery'],
  // Every SQL source's execute (the demo's DuckDB here): the app's own DuckDB call, with its
  // connection, prepared statement and row conversion.
  ['connector.execute', 'execute'],
];
// The SQL and values the app runs, kept from the first answer for DuckDB's own client.
const seen: { statement: SqlStatement | null } = { statement: null };
const stops = PHASES.map(([point, label]) =>
  onTraced(point, (ms, context) => {
    last.set(label, (last.get(label) ?? 0) + ms);
    if (point === 'connector.execute') seen.statement ??= sqlOf(context);
  }),
);

const { path } = await demoFile(1);
const app = await startApp({ resultCacheSize: 0 });
seen.statement = null;
last.clear();
const first = await app.ask(QUESTION);
if (!first.card || !seen.statement) throw new Error(`no card from SQL for "${QUESTION}"`);
const untraced = PHASES.filter(([, label]) => !last.has(label)).map(([point]) => point);
if (untraced.length) throw new Error(`the app traced no ${untraced.join(', ')} call`);
const { sql, params } = seen.statement;
const floor = await startHttpFloor(app);
floor.reply(first.text);
const raw = await openRawDuckDb(path);

const samples = new Map<string, number[]>();
const keep = (label: string, ms: number) => {
  if (!samples.has(label)) samples.set(label, []);
  samples.get(label)!.push(ms);
};
for (let i = 0; i < 20; i++) await app.ask(QUESTION); // warm: JIT
await inTurns(RUNS, [
  async () => {
    last.clear();
    const answer = await app.ask(QUESTION);
    keep('client', answer.ms);
    for (const [label, ms] of last) keep(label, ms);
    // Derived per answer, so each median is of one answer's own parts.
    keep('service less answering', last.get('service')! - last.get('understand')! - last.get('answerQuery')!);
    keep('answerQuery less execute', last.get('answerQuery')! - last.get('execute')!);
    keep('client less service', answer.ms - last.get('service')!);
  },
  async () => keep('floor', await floor.time()),
  async () => keep('raw', await raw.time(sql, params)),
]);
raw.close();
await floor.close();
await app.close();
for (const stop of stops) stop();

const m = (label: string) => median(samples.get(label)!);
const beyond = m('client') - m('execute');
const rows: [string, number][] = [
  ['the whole answer, as the client times it', m('client')],
  ["the app's DuckDB call (the connector's execute)", m('execute')],
  ["DuckDB's own client, same SQL and values (for comparison)", m('raw')],
  ['**beyond the DuckDB call**', beyond],
  ['— the HTTP floor: the same client to a bare route sending the same reply', m('floor')],
  [
    '— HTTP, Fastify, checks and the reply, less the floor (client less service, less floor)',
    m('client less service') - m('floor'),
  ],
  ['— understanding the question (parse; `answer.understand`)', m('understand')],
  ['— compile, card and plan (`answer.query` less the DuckDB call)', m('answerQuery less execute')],
  [
    '— the conversation service around them (`conversation.query` less both: access, source, quota, context, journal line)',
    m('service less answering'),
  ],
];
const body = `Command: \`RUNS=${RUNS} node --import tsx bench/answer-phases.bench.ts\` (“${QUESTION}”, result cache off, scale 1, one answer at a time from the bench client's process; medians of each answer's own parts), ${today()}.
The app's timing points an answer goes through (\`conversation.query\`, \`answer.understand\`, \`answer.query\`, \`connector.execute\`), timed by a subscriber.

| phase | ms |
|---|---|
${rows.map(([name, ms]) => `| ${name} | ${ms.toFixed(2)} |`).join('\n')}`;
writeSection('Answer phases: an uncached answer timed inside the app', body);
console.log(body);
process.exit(0);
