/**
 * An uncached answer's time inside the app, phase by phase: timers wrapped around the public
 * methods an answer goes through (as answer-profile.ts wraps PGlite's), the app otherwise as it
 * runs, one question at a time from the bench client's process. Says how much of an answer's
 * time beyond DuckDB is the app's own work and where, with the same client's round trip to a bare
 * route (the HTTP floor) and DuckDB's own client on the same SQL in the same turns.
 * Run: node --import tsx bench/answer-phases.ts   (RUNS=100, QUESTION="revenue by region last month")
 */
import { SqlConnector } from '@parley/connectors';
import { AnswerService } from '../apps/server/src/modules/answers/answers.service';
import { ConversationsService } from '../apps/server/src/modules/conversations/conversations.service';
import { demoFile, startApp } from './answer-app';
import { inTurns, openRawDuckDb, startHttpFloor } from './baselines';
import { median, writeSection } from './results';

const RUNS = Number(process.env.RUNS ?? 100);
const QUESTION = process.env.QUESTION ?? 'revenue by region last month';

/** The last duration of each wrapped method, in ms (one answer at a time, so one value each). */
const last = new Map<string, number>();

/** Wraps `proto[name]` (sync or async) so each call's wall time is kept under `label`. */
function time(proto: object, name: string, label: string): void {
  const methods = proto as Record<string, (...args: unknown[]) => unknown>;
  const original = methods[name]!;
  methods[name] = function (this: unknown, ...args: unknown[]) {
    const t = performance.now();
    const done = () => last.set(label, performance.now() - t);
    const result = original.apply(this, args);
    if (result instanceof Promise) return result.finally(done);
    done();
    return result;
  };
}
time(ConversationsService.prototype, 'query', 'service');
time(AnswerService.prototype, 'understand', 'understand');
time(AnswerService.prototype, 'answerQuery', 'answerQuery');
// Every SQL source's execute (the demo's DuckDB here): the app's own DuckDB call, with its
// connection, prepared statement and row conversion.
time(SqlConnector.prototype, 'execute', 'execute');

const { path } = await demoFile(1);
const app = await startApp(path, 1, 0);
// The SQL and values the app runs, caught on the first answer, for DuckDB's own client.
const timedExecute = SqlConnector.prototype.execute;
let plan: Parameters<SqlConnector['execute']>[0] | undefined;
SqlConnector.prototype.execute = function (asked, options) {
  plan = asked;
  return timedExecute.call(this, asked, options);
};
const first = await app.ask(QUESTION);
SqlConnector.prototype.execute = timedExecute;
if (!first.card || plan?.kind !== 'sql') throw new Error(`no card from SQL for "${QUESTION}"`);
const { sql, params } = plan;
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
  ['— understanding the question (parse; `AnswerService.understand`)', m('understand')],
  ['— compile, card and plan (`answerQuery` less the DuckDB call)', m('answerQuery less execute')],
  [
    '— the conversation service around them (access, source, quota, context, journal line)',
    m('service less answering'),
  ],
];
const body = `Command: \`node --import tsx bench/answer-phases.ts\` (RUNS=${RUNS}, “${QUESTION}”, result cache off, scale 1, one answer at a time from the bench client's process; medians of each answer's own parts), ${new Date().toISOString().slice(0, 10)}.
Timers around the public methods an answer goes through (\`ConversationsService.query\`, \`AnswerService.understand\` / \`answerQuery\`, the connector's \`execute\`); measurement only.

| phase | ms |
|---|---|
${rows.map(([name, ms]) => `| ${name} | ${ms.toFixed(2)} |`).join('\n')}`;
writeSection('Answer phases: an uncached answer timed inside the app', body);
console.log(body);
process.exit(0);
