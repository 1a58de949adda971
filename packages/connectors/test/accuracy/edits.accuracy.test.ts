/**
 * What a few minutes of an owner's editing fixes on each accuracy set with misses. Each set's
 * source is opened, the owner's overlay (accuracy/edits/) applied to its introspected model, and
 * the WHOLE set asked again: every answer that was right must stay right and be read the same way
 * (the same query, or the same question back), each miss the overlay is meant to fix must now be
 * right, and the misses it cannot fix must still miss, each with its reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type TModelOverlay, ZModelOverlay } from '@parley/contract';
import {
  applyOverlay,
  compileQuery,
  importDbt,
  parseQuestion,
  type TSemanticModel,
  type TSqlDialect,
} from '@parley/engine';
import { testDatabaseUrl } from '@parley/testing';
import {
  runAccuracyCase,
  type TAccuracyCase,
  type TAccuracyContext,
} from '@parley/testing/accuracy/accuracy-runner';
import type { TAccuracySource } from '@parley/testing/accuracy/accuracy-suite';
import { ASK_BACK_DEMO_CASES } from '@parley/testing/accuracy/ask-back.cases';
import { CLASSICMODELS_CASES, CLASSICMODELS_CONTEXT } from '@parley/testing/accuracy/classicmodels.cases';
import { DATACO_CASES, DATACO_CONTEXT } from '@parley/testing/accuracy/dataco.cases';
import { DEMO_CASES } from '@parley/testing/accuracy/demo.cases';
import { DUKKAN_CASES } from '@parley/testing/accuracy/dukkan.cases';
import { createDukkanDatabase, DUKKAN_TODAY } from '@parley/testing/accuracy/dukkan.fixture';
import { CLASSICMODELS_EDITS } from '@parley/testing/accuracy/edits/classicmodels.edits';
import { DATACO_EDITS } from '@parley/testing/accuracy/edits/dataco.edits';
import { ASK_BACK_DEMO_EDITS, DEMO_EDITS } from '@parley/testing/accuracy/edits/demo.edits';
import { DUKKAN_EDITS } from '@parley/testing/accuracy/edits/dukkan.edits';
import {
  JAFFLE_DBT_PROJECT,
  JAFFLE_EDITS,
  JAFFLE_FIXED_BY_IMPORT,
} from '@parley/testing/accuracy/edits/jaffle.edits';
import { LETTINGS_EDITS } from '@parley/testing/accuracy/edits/lettings.edits';
import { NORTHWIND_EDITS } from '@parley/testing/accuracy/edits/northwind.edits';
import { PAGILA_EDITS } from '@parley/testing/accuracy/edits/pagila.edits';
import { type TSetEdits, withEdits } from '@parley/testing/accuracy/edits/set-edits';
import { SURVEY_EDITS } from '@parley/testing/accuracy/edits/survey.edits';
import { JAFFLE_CASES, JAFFLE_CONTEXT } from '@parley/testing/accuracy/jaffle.cases';
import { LETTINGS_CASES, LETTINGS_CONTEXT } from '@parley/testing/accuracy/lettings.cases';
import { createLettingsDatabase } from '@parley/testing/accuracy/lettings.fixture';
import { NORTHWIND_CASES, NORTHWIND_CONTEXT } from '@parley/testing/accuracy/northwind.cases';
import { PAGILA_CASES, PAGILA_CONTEXT } from '@parley/testing/accuracy/pagila.cases';
import { SURVEY_CASES, SURVEY_CONTEXT } from '@parley/testing/accuracy/survey.cases';
import { datasetDir } from '@parley/testing/datasets';
import { createClassicmodelsDatabase } from '@parley/testing/fixtures/classicmodels-fixture';
import { TEST_END_DATE } from '@parley/testing/fixtures/demo-fixture';
import { createJaffleDatabase } from '@parley/testing/fixtures/jaffle-fixture';
import { createNorthwindDatabase } from '@parley/testing/fixtures/northwind-fixture';
import { createPagilaDatabase } from '@parley/testing/fixtures/pagila-fixture';
import { describe, expect, it } from 'vitest';
import { openDemo, openDuckDb, openFlatFile, openPostgres } from './accuracy-sources';

interface TEditedSet {
  name: string;
  cases: TAccuracyCase[];
  context: TAccuracyContext;
  open: () => Promise<TAccuracySource>;
  edits: TSetEdits;
  postgres?: boolean;
  /** A dbt import the owner's edits go on top of, and the misses it fixes alone. */
  imported?: { overlay: (source: TAccuracySource) => TModelOverlay; fixes: string[] };
}

/** The jaffle shop's dbt project imported as it is, against the source's introspected model. */
function importJaffleDbt(source: TAccuracySource): TModelOverlay {
  const dir = datasetDir(JAFFLE_DBT_PROJECT.dataset);
  const files = JAFFLE_DBT_PROJECT.files.map((name) => ({
    name,
    content: readFileSync(join(dir, name), 'utf8'),
  }));
  return importDbt(files, source.model, source.schema!).overlay;
}

const MONDAY = 'monday' as const;
const DEMO_CONTEXT = { today: TEST_END_DATE, weekStart: MONDAY };

const SETS: TEditedSet[] = [
  {
    name: 'classicmodels',
    cases: CLASSICMODELS_CASES,
    context: CLASSICMODELS_CONTEXT,
    open: () => openPostgres(createClassicmodelsDatabase(), 'classicmodels'),
    edits: CLASSICMODELS_EDITS,
    postgres: true,
  },
  {
    name: 'jaffle',
    cases: JAFFLE_CASES,
    context: JAFFLE_CONTEXT,
    open: () => openPostgres(createJaffleDatabase(), 'jaffle'),
    edits: JAFFLE_EDITS,
    postgres: true,
    imported: { overlay: importJaffleDbt, fixes: JAFFLE_FIXED_BY_IMPORT },
  },
  {
    name: 'pagila',
    cases: PAGILA_CASES,
    context: PAGILA_CONTEXT,
    open: () => openPostgres(createPagilaDatabase(), 'pagila'),
    edits: PAGILA_EDITS,
    postgres: true,
  },
  {
    name: 'northwind',
    cases: NORTHWIND_CASES,
    context: NORTHWIND_CONTEXT,
    open: async () => openDuckDb(await createNorthwindDatabase(), 'northwind'),
    edits: NORTHWIND_EDITS,
  },
  {
    name: 'dukkan',
    cases: DUKKAN_CASES,
    // The users of a Turkish-named schema work in Turkish (as in dukkan.accuracy.test.ts).
    context: { today: DUKKAN_TODAY, weekStart: MONDAY, language: 'tr' },
    open: async () => openDuckDb(await createDukkanDatabase(), 'dukkan'),
    edits: DUKKAN_EDITS,
  },
  {
    name: 'lettings',
    cases: LETTINGS_CASES,
    context: LETTINGS_CONTEXT,
    open: async () => openDuckDb(await createLettingsDatabase(), 'lettings'),
    edits: LETTINGS_EDITS,
  },
  {
    name: 'dataco',
    cases: DATACO_CASES,
    context: DATACO_CONTEXT,
    open: () => openFlatFile('dataco'),
    edits: DATACO_EDITS,
  },
  {
    name: 'survey',
    cases: SURVEY_CASES,
    context: SURVEY_CONTEXT,
    open: () => openFlatFile('survey'),
    edits: SURVEY_EDITS,
  },
  { name: 'demo', cases: DEMO_CASES, context: DEMO_CONTEXT, open: openDemo, edits: DEMO_EDITS },
  {
    name: 'ask back (demo)',
    cases: ASK_BACK_DEMO_CASES,
    context: DEMO_CONTEXT,
    open: openDemo,
    edits: ASK_BACK_DEMO_EDITS,
  },
];

/**
 * How a model answers a phrase, short of running it: the query it reads and the SQL that query
 * compiles to, or the question back's text. The same SQL on the same data is the same answer.
 */
function answerOf(
  model: TSemanticModel,
  c: TAccuracyCase,
  context: TAccuracyContext,
  dialect: TSqlDialect,
): string {
  const parsed = parseQuestion(c.phrase, { model, dialect, ...context });
  if (parsed.kind === 'clarify') return `asks: ${parsed.text} [${parsed.prompt.items.join(' | ')}]`;
  const { language: _, ...dates } = context;
  try {
    const { sql, params } = compileQuery(parsed.query, model, { dialect, ...dates });
    return `${JSON.stringify(parsed.query)}\n${sql}\n${JSON.stringify(params)}`;
  } catch (error) {
    return `${JSON.stringify(parsed.query)}\nrefused: ${(error as Error).message}`;
  }
}

/**
 * The set asked again on the edited model. A right answer whose query and SQL are unchanged is
 * unchanged; one read or compiled otherwise is run and must still be right (a measure redefined over
 * other tables, or replaced by an imported one). Each miss is run.
 */
async function askAgain(set: TEditedSet, source: TAccuracySource, edited: TSemanticModel) {
  const dialect = source.connector.dialect ?? 'duckdb';
  const changed: string[] = [];
  const fixed: string[] = [];
  const missing: string[] = [];
  const same = isDeepStrictEqual(edited, source.model);
  for (const c of set.cases) {
    if (c.knownFailure) {
      const outcome = await runAccuracyCase(source.connector, edited, c, set.context);
      // A miss the overlay cannot fix prints its reason; any other still-missed one, what it answered.
      const why = set.edits.unfixable[c.phrase] ?? outcome.detail;
      (outcome.ok ? fixed : missing).push(outcome.ok ? c.phrase : `${c.phrase} — ${why}`);
      continue;
    }
    // An overlay that leaves the model as it was leaves every answer as it was: answers are deterministic.
    if (same) continue;
    const before = answerOf(source.model, c, set.context, dialect);
    const after = answerOf(edited, c, set.context, dialect);
    if (before === after) continue;
    // Any other reading is run: a measure the dbt import put in place of an introspected one has
    // another name, and is unchanged only if it still answers right.
    const outcome = after.startsWith('asks:')
      ? null
      : await runAccuracyCase(source.connector, edited, c, set.context);
    if (!outcome?.ok)
      changed.push(
        `${c.phrase}: ${outcome ? outcome.detail : `now ${after.split('\n')[0]}, was ${before.split('\n')[0]}`}`,
      );
  }
  return { changed, fixed, missing };
}

/**
 * The dbt import alone, before any hand edit: the misses it fixes (held) and how many right
 * answers it changes (printed: the hand edits are what bring those back).
 */
async function importAlone(
  set: TEditedSet,
  source: TAccuracySource,
  imported: TModelOverlay,
): Promise<string> {
  const { model, disabled } = applyOverlay(source.model, imported, source.schema!);
  expect(disabled).toEqual([]);
  const { changed, fixed } = await askAgain(set, source, model);
  expect(fixed.sort()).toEqual([...(set.imported?.fixes ?? [])].sort());
  return `\n  dbt import alone: fixed ${fixed.length} misses, changed ${changed.length} other answers${changed.map((c) => `\n    ${c}`).join('')}`;
}

async function checkSet(set: TEditedSet): Promise<void> {
  const misses = set.cases.filter((c) => c.knownFailure).map((c) => c.phrase);
  // Every miss is accounted for: fixed by an edit, or unfixable with its reason.
  expect([...set.edits.fixes, ...Object.keys(set.edits.unfixable)].sort()).toEqual([...misses].sort());
  const source = await set.open();
  try {
    const imported = set.imported?.overlay(source);
    const overlay = imported
      ? withEdits(imported, set.edits.overlay)
      : ZModelOverlay.parse(set.edits.overlay);
    const { model, disabled } = applyOverlay(source.model, overlay, source.schema!);
    expect(disabled).toEqual([]);
    const { changed, fixed, missing } = await askAgain(set, source, model);
    const byImport = imported ? await importAlone(set, source, imported) : '';
    const others = set.cases.length - misses.length;
    console.log(
      `edits ${set.name}: fixed ${fixed.length} of ${misses.length} misses, unchanged ${others - changed.length} of ${others} other answers` +
        byImport +
        changed.map((c) => `\n  changed: ${c}`).join('') +
        missing.map((m) => `\n  still missed: ${m}`).join(''),
    );
    expect(changed).toEqual([]);
    expect(fixed.sort()).toEqual([...set.edits.fixes].sort());
  } finally {
    await source.dispose();
  }
}

describe("accuracy: what an owner's edits fix on each set, and that no other answer changes", () => {
  // The sets run side by side: most of the time is loading sources and waiting on their queries.
  for (const set of SETS) {
    const test = set.postgres && !testDatabaseUrl() ? it.skip : it.concurrent;
    test(set.name, () => checkSet(set), 120_000);
  }
});
