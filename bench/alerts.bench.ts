/**
 * Evaluating 1,000 alerts over the demo data (issue 34): the demo user's alerts, made through
 * POST /features/alerts from demo questions' cards (threshold / change / outside_forecast; daily,
 * weekly, monthly; grouped and not; several measures and dimensions), each run once through the
 * alert runner (`services.alertRunner.run`: evaluate, claim, notices, mail) at the app's pinned
 * clock, N at a time as job workers would. Measures alerts/s, p50/p95 per alert, and where the
 * time goes: the source's queries (timing point `connector.execute`), the app's own database
 * (`appdb.statement`) and the rest (the app's own work: compiling, the why, cards, notices, charts).
 * Baseline in the same run: the SQL the alerts sent, with the same values, straight through
 * DuckDB's own client one by one — the alerts' queries alone, with no app around them.
 * Result cache as deployed (200 entries). Every concurrency gets its own fresh alerts, so none
 * finds its period already claimed.
 * Run: node --import tsx bench/alerts.bench.ts   (ALERTS=1000 CONCURRENCY=1,4 by default)
 */
import type { TAlertBody, TAlertCondition, TCard } from '@parley/contract';
import { unlimitedQuotas } from '../apps/server/src/lib/access';
import type { RunOutcome } from '../apps/server/src/modules/alerts/alerts.runner';
import { startApp } from './lib/app';
import { openRawDuckDb } from './lib/baselines';
import { demoFile } from './lib/demo';
import { COLLECTION_QUESTIONS } from './lib/questions';
import { median, today, writeSection } from './lib/results';
import { onTraced, type SqlStatement, sqlOf } from './lib/trace';

const ALERTS = Number(process.env.ALERTS ?? 1000);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,4').split(',').map(Number);
/** The deployed answer cache's size (answer-cache.ts DEFAULT_CACHE_ENTRIES). */
const RESULT_CACHE = 200;

/** Cards an alert is made on: the collection bench's twenty (mostly grouped) and ungrouped totals. */
const CARD_QUESTIONS = [
  ...COLLECTION_QUESTIONS,
  'revenue last month',
  'orders last week',
  'sessions last month',
  'average order value last month',
  'refunds this year',
  'new customers last month',
];

const SCHEDULES = ['daily', 'weekly', 'monthly'] as const;

/** A card an alert can be made on (as the web's "Alert me" reads it), with a typical value of its measure. */
interface AlertCard {
  phrase: string;
  body: Pick<TAlertBody, 'phrase' | 'datasource_id' | 'query'>;
  typical: number;
  grouped: boolean;
}

function alertCardOf(phrase: string, card: TCard | undefined): AlertCard | null {
  const query = card?.query?.semantic;
  const source = card?.source?.id;
  if (!card || !query || !source) return null;
  const measure = card.columns.find((c: TCard['columns'][number]) => c.kind === 'measure');
  const values = card.table
    .map((r: Record<string, unknown>) => Number(measure ? r[measure.key] : Number.NaN))
    .filter(Number.isFinite);
  return {
    phrase,
    body: { phrase, datasource_id: source, query },
    typical: values.length ? Math.abs(median(values)) : 100,
    grouped: query.dimensions.length > 0,
  };
}

/**
 * The i-th alert's condition: kinds turn every alert, parameters at other strides so neighbours
 * differ; thresholds spread from far below the card's typical value to far above (some met, some clear).
 */
function conditionOf(i: number, card: AlertCard): TAlertCondition {
  const k = Math.floor(i / 3);
  switch (i % 3) {
    case 0:
      return {
        kind: 'threshold',
        op: k % 2 ? 'below' : 'above',
        value: Math.round(card.typical * [0.02, 0.2, 1, 5][k % 4]!),
      };
    case 1:
      return {
        kind: 'change',
        op: (['up', 'down', 'either'] as const)[k % 3],
        value: [5, 10, 25, 50][k % 4]!,
        unit: 'percent',
        against: k % 5 === 0 ? 'same_period_last_year' : 'previous_period',
      };
    default:
      return { kind: 'outside_forecast', band: [1, 1.5, 0.75][k % 3]! };
  }
}

type Post = Awaited<ReturnType<typeof startApp>>['postJson'];

/** Makes `n` alerts through the API; their ids with what they are. */
async function createAlerts(post: Post, cards: AlertCard[], n: number) {
  const made: { id: string; kind: string; schedule: string; grouped: boolean; phrase: string }[] = [];
  for (let i = 0; i < n; i++) {
    const card = cards[i % cards.length]!;
    const schedule = SCHEDULES[Math.floor(i / cards.length) % SCHEDULES.length]!;
    const condition = conditionOf(i, card);
    const res = await post('/features/alerts', { ...card.body, condition, schedule });
    if (res.status !== 200)
      throw new Error(`alert ${i} not created (${res.status}): ${JSON.stringify(res.json)}`);
    made.push({
      id: res.json.id as string,
      kind: condition.kind,
      schedule,
      grouped: card.grouped,
      phrase: card.phrase,
    });
  }
  return made;
}

type Span = [number, number];

/** Time covered by at least one of `spans` (overlapping ones counted once: the why's queries run at once). */
function unionMs(spans: Span[]): number {
  let total = 0;
  let from = 0;
  let to = Number.NEGATIVE_INFINITY;
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    if (a > to) {
      if (to > from) total += to - from;
      from = a;
      to = b;
    } else to = Math.max(to, b);
  }
  return to > from ? total + to - from : total;
}

/** The timing points' spans while a pass runs; `perAlert` the running alert's when one runs at a time. */
const spans = { query: [] as Span[], appDb: [] as Span[] };
let perAlert: { spans: Span[]; queries: number } | null = null;
/** The running alert (one at a time), for the statements it sends. */
let running = '';
let recorded: { statement: SqlStatement; ms: number; what: string }[] | null = null;
const spanOf = (ms: number): Span => {
  const end = performance.now();
  return [end - ms, end];
};
const stops = [
  onTraced('connector.execute', (ms, context) => {
    const span = spanOf(ms);
    spans.query.push(span);
    if (perAlert) {
      perAlert.queries++;
      perAlert.spans.push(span);
    }
    const statement = sqlOf(context);
    if (statement) recorded?.push({ statement, ms, what: running });
  }),
  onTraced('appdb.statement', (ms) => {
    spans.appDb.push(spanOf(ms));
  }),
];

interface Pass {
  concurrency: number;
  wallMs: number;
  perAlertMs: number[];
  outcomes: Record<string, number>;
  queries: number;
  /** Wall time with a source query in flight, and with an app-database statement but no query. */
  queryWallMs: number;
  appDbWallMs: number;
  byKind: Map<string, { ms: number[]; queryMs: number[]; queries: number[] }>;
  /** The slowest alerts (one at a time only): what they are, their time and their queries' time. */
  slowest: { what: string; ms: number; queryMs: number; queries: number }[];
}

/** Runs every alert once, `concurrency` at a time (each worker takes the next), timing each. */
async function runPass(
  run: (id: string) => Promise<RunOutcome>,
  alerts: Awaited<ReturnType<typeof createAlerts>>,
  concurrency: number,
): Promise<Pass> {
  spans.query = [];
  spans.appDb = [];
  const perAlertMs: number[] = [];
  const outcomes: Record<string, number> = {};
  const byKind: Pass['byKind'] = new Map();
  const each: Pass['slowest'] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < alerts.length) {
        const alert = alerts[next++]!;
        if (concurrency === 1) perAlert = { spans: [], queries: 0 };
        running = `${alert.kind} ${alert.schedule} “${alert.phrase}”`;
        const t = performance.now();
        const outcome = await run(alert.id);
        const ms = performance.now() - t;
        perAlertMs.push(ms);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        const kind = byKind.get(alert.kind) ?? { ms: [], queryMs: [], queries: [] };
        kind.ms.push(ms);
        if (perAlert) {
          const queryMs = unionMs(perAlert.spans);
          kind.queryMs.push(queryMs);
          kind.queries.push(perAlert.queries);
          each.push({ what: `${running} → ${outcome}`, ms, queryMs, queries: perAlert.queries });
        }
        byKind.set(alert.kind, kind);
      }
    }),
  );
  perAlert = null;
  const wallMs = performance.now() - t0;
  const slowest = each.sort((a, b) => b.ms - a.ms).slice(0, 5);
  const queryWallMs = unionMs(spans.query);
  const appDbWallMs = unionMs([...spans.query, ...spans.appDb]) - queryWallMs;
  const queries = spans.query.length;
  return { concurrency, wallMs, perAlertMs, outcomes, queries, queryWallMs, appDbWallMs, byKind, slowest };
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A distinct statement's runs: in the app (`connector.execute`) and on DuckDB's own client. */
interface StatementRuns {
  what: string;
  app: number[];
  raw: number[];
}

/** The recorded statements, with their values, one by one on DuckDB's own client. */
async function rawBaseline(statements: NonNullable<typeof recorded>) {
  const duck = await openRawDuckDb(demoPath);
  const byStatement = new Map<string, StatementRuns>();
  let ms = 0;
  for (const { statement, ms: app, what } of statements) {
    const t = await duck.time(statement.sql, statement.params);
    ms += t;
    const key = `${statement.sql}\u0000${JSON.stringify(statement.params)}`;
    const runs = byStatement.get(key) ?? { what, app: [], raw: [] };
    runs.app.push(app);
    runs.raw.push(t);
    byStatement.set(key, runs);
  }
  duck.close();
  const heaviest = [...byStatement.values()].sort((a, b) => sum(b.app) - sum(a.app)).slice(0, 3);
  return { statements: statements.length, ms, distinct: byStatement.size, heaviest };
}

const { path: demoPath } = await demoFile(1);
const bench = await startApp({ resultCacheSize: RESULT_CACHE, build: { quotas: unlimitedQuotas } });
const runner = bench.app.services.alertRunner;
const passes: Pass[] = [];
let raw: Awaited<ReturnType<typeof rawBaseline>> | null = null;
const cards: AlertCard[] = [];
try {
  for (const phrase of CARD_QUESTIONS) {
    const card = alertCardOf(phrase, (await bench.ask(phrase)).card as TCard | undefined);
    if (card) cards.push(card);
  }
  if (cards.length < 10) throw new Error(`only ${cards.length} demo questions gave a card with a query`);
  // Warm: the runner's code, the forecast and chart paths, on alerts of their own.
  await runPass((id) => runner.run(id), await createAlerts(bench.postJson, cards, 30), 1);
  for (const concurrency of CONCURRENCIES) {
    const alerts = await createAlerts(bench.postJson, cards, ALERTS);
    if (passes.length === 0) recorded = [];
    passes.push(await runPass((id) => runner.run(id), alerts, concurrency));
    console.log(
      `concurrency ${concurrency}: ${(ALERTS / (passes.at(-1)!.wallMs / 1000)).toFixed(1)} alerts/s`,
    );
    if (recorded) {
      raw = await rawBaseline(recorded);
      recorded = null;
    }
  }
} finally {
  for (const stop of stops) stop();
  await bench.close();
}

const first = passes[0]!;
const share = (ms: number, p: Pass) => `${((100 * ms) / p.wallMs).toFixed(0)} %`;
const line = (p: Pass) => {
  const other = p.wallMs - p.queryWallMs - p.appDbWallMs;
  return `| ${p.concurrency} | **${(ALERTS / (p.wallMs / 1000)).toFixed(1)}** | ${(p.wallMs / 1000).toFixed(1)} | ${percentile(p.perAlertMs, 50).toFixed(0)} | ${percentile(p.perAlertMs, 95).toFixed(0)} | ${(p.queries / ALERTS).toFixed(1)} | **${share(p.queryWallMs, p)}** | ${share(p.appDbWallMs, p)} | **${share(other, p)}** |`;
};
const kindLines = [...first.byKind.entries()].map(
  ([kind, k]) =>
    `| ${kind} | ${k.ms.length} | ${median(k.ms).toFixed(0)} | ${percentile(k.ms, 95).toFixed(0)} | ${k.queries.length ? (sum(k.queries) / k.queries.length).toFixed(1) : '–'} | ${k.queryMs.length ? ((100 * sum(k.queryMs)) / sum(k.ms)).toFixed(0) : '–'} % |`,
);
const outcomes = Object.entries(first.outcomes)
  .map(([o, n]) => `${o} ${n}`)
  .join(', ');
const rawLine = raw
  ? `Baseline, same run: the ${raw.statements} statements the first line sent (${raw.distinct} distinct), with their values, through DuckDB's own client one by one: **${(raw.ms / 1000).toFixed(1)} s**, ${(raw.ms / ALERTS).toFixed(1)} ms an alert — **${(ALERTS / (raw.ms / 1000)).toFixed(0)} alerts/s** if an alert were only its queries, one at a time. The first line had a query in flight for ${(first.queryWallMs / 1000).toFixed(1)} s (${(first.queryWallMs / raw.ms).toFixed(2)}× the raw client's time; the why's queries run at once, so this can fall below 1×) and took ${(first.wallMs / raw.ms).toFixed(1)}× the raw queries in all. Heaviest statements (app median / raw median ms, runs): ${raw.heaviest.map((h) => `${h.what}: ${median(h.app).toFixed(0)} / ${median(h.raw).toFixed(0)} ms × ${h.app.length}`).join('; ')}.`
  : '';
const body = `Command: \`ALERTS=${ALERTS} CONCURRENCY=${CONCURRENCIES.join(',')} node --import tsx bench/alerts.bench.ts\`, ${today()}.
${ALERTS} alerts of the demo user per line (fresh ones each line), made through POST /features/alerts on ${cards.length} demo questions' cards (${cards.filter((c) => c.grouped).length} grouped): threshold / change / outside_forecast in turn, daily / weekly / monthly, thresholds from 2 % to 5× the card's typical value. Each runs once through \`services.alertRunner.run\` (evaluate on the last complete period, claim, notices, mail queued, chart drawn) at the pinned clock (${'2026-11-20T12:00Z'}), *concurrency* at a time; demo data scale 1 (DuckDB), app database PGlite, result cache as deployed (${RESULT_CACHE}). Shares are of the line's wall time: in queries = a source query in flight (\`connector.execute\`), in app db = an app-database statement but no query (\`appdb.statement\`), app work = neither (the app's own CPU: compiling, the why's contributions, the card, notices, the chart).

| concurrency | alerts/s | wall s | p50 ms/alert | p95 ms/alert | queries/alert | in queries | in app db | app work |
|---|---|---|---|---|---|---|---|---|
${passes.map(line).join('\n')}

${rawLine}

First line by condition (outcomes: ${outcomes}):

| condition | alerts | p50 ms | p95 ms | queries/alert | in queries (of its time) |
|---|---|---|---|---|---|
${kindLines.join('\n')}

Slowest alerts of the first line: ${first.slowest.map((a) => `${a.what} ${a.ms.toFixed(0)} ms (${a.queries} queries, ${a.queryMs.toFixed(0)} ms)`).join('; ')}.`;
writeSection('Alerts: evaluating 1,000 alerts', body);
console.log(body);
process.exit(0);
