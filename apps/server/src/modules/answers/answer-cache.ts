import {
  DEFAULT_QUERY_OPTIONS,
  type TCompiledPlan,
  type TQueryResult,
  type TSourceCompiledQuery,
} from '@parley/connectors';
import type { TCard, TSemanticQuery } from '@parley/contract';
import { parseQuestion, type TLanguageCode, type TParseResult, type TSemanticModel } from '@parley/engine';
import { approximateBytes, Lru } from '../../lib/lru';
import { share, stringify } from '../../lib/shared-json';
import type { AnswerSource } from './answer-types';

/**
 * How long a result of a live database (PostgreSQL) is reused: a dashboard refresh or the same
 * question asked twice within a minute costs the customer's database one query, and an answer
 * is never more than a minute behind their data. Immutable sources keep results until pushed out.
 */
export const LIVE_RESULT_TTL_MS = 60_000;

/** What the answer cache keeps for repeated questions. */
export interface AnswerCacheOptions {
  /** Query results kept at most, and parsed phrases; 0 keeps nothing (the raw-time benchmark). */
  entries?: number;
  /**
   * Bytes (estimated) the kept results with their cards and the parsed phrases may take together
   * (ANSWER_CACHE_MB): many distinct questions, or a few with large results, stay within it.
   */
  bytes?: number;
}

/** See AnswerCache.plan. */
export interface AnswerPlan {
  language: TLanguageCode;
  locale: string;
  /** A plain query once compiled, SQL or an API source's request (frozen: shared); drivers and forecasts plan their own. */
  compiled: TSourceCompiledQuery | null;
  cardKey: string;
}

const DEFAULT_CACHE_ENTRIES = 200;
const DEFAULT_CACHE_BYTES = 64 * 2 ** 20;
/** Cards kept beside one result: one per reader's language, locale and day asking it. */
const CARDS_PER_RESULT = 16;
/** Plans kept for one parsed query (see AnswerCache.plans). */
const PLANS_PER_QUERY = 16;
/**
 * A kept card also keeps the JSON text of each of its parts and of itself once written
 * (lib/shared-json.ts, for the journal and the reply): it is counted at this many times its
 * own estimate.
 */
const KEPT_CARD_FACTOR = 4;

/** A kept query result (see AnswerCache.results) and the cards built from it. */
interface KeptResult {
  result: TQueryResult;
  /** performance.now() after which it is run again; null for immutable sources. */
  expires: number | null;
  /** The rows' estimated bytes. */
  rowBytes: number;
  /**
   * Cards built from this result by the query and reader, for the model they were built with:
   * the same answer to a repeated question is built once, and its `date` is when its data was
   * read. Frozen: callers share them.
   */
  cards: { model: TSemanticModel; byKey: Map<string, TCard>; bytes: number } | null;
}

/**
 * Everything the answer pipeline remembers of repeated questions: query results (with the cards
 * built from them), queries still running, parsed phrases and plans. All shared, so frozen; all
 * off when `entries` is 0.
 */
export class AnswerCache {
  constructor(options: AnswerCacheOptions = {}) {
    const entries = options.entries ?? DEFAULT_CACHE_ENTRIES;
    const bytes = options.bytes ?? DEFAULT_CACHE_BYTES;
    // Results and their cards are most of it; a parsed phrase is small.
    this.results = new Lru(entries, {
      maxBytes: bytes * (7 / 8),
      // The key holds the statement's text.
      sizeOf: (kept, key) => key.length + kept.rowBytes + (kept.cards?.bytes ?? 0),
    });
    this.parsed = new Lru(entries, {
      maxBytes: bytes / 8,
      // The parse and the JSON text of its query, written for plans and follow-ups.
      sizeOf: (parsed, key) => key.length + 2 * approximateBytes(parsed),
    });
    this.memoSize = entries;
  }

  /** How many results and parsed phrases are kept; 0 (the result cache off) keeps none. */
  private readonly memoSize: number;
  /**
   * Parsed phrases by model object (its id: one per source version and learned-word set, so a
   * changed model starts afresh) and by everything else the parser reads: the same question in
   * the same context reads the same, and a repeated question skips the parser.
   */
  private readonly parsed: Lru<TParseResult>;
  /** An id per model object, for the keys of `parsed`. */
  private readonly modelIds = new WeakMap<TSemanticModel, number>();
  private nextModelId = 0;
  /**
   * What answering a query object needs before its result, by phrase and reader's day: the card's
   * language and locale, the compiled SQL and the card's memo key. A remembered parse hands back
   * the same (frozen) query object, so a repeated question skips the compiler and the language
   * detection; a query object nothing remembers (a collection card's) is dropped with it.
   */
  private readonly plans = new WeakMap<
    TSemanticQuery,
    { model: TSemanticModel; byKey: Map<string, AnswerPlan> }
  >();

  /**
   * Query results by source, account, SQL and bound values: a repeated question answers at once.
   * The source and account are in the key, so two users whose sources compile to the same SQL
   * never share an answer. Bounded by entries and by the estimated bytes of the rows and the
   * cards kept beside them; a result larger than the whole budget is not kept.
   */
  private readonly results: Lru<KeptResult>;
  /**
   * Queries running now, by the same key: a second asker of a key that is still computing (the
   * cards of a collection, two dashboards at 9:00) waits for the first run instead of starting
   * another (no stampede). The SQL and values are the SemanticQuery compiled against the asker's
   * "today", so the key is also (query, date bucket): tomorrow's "last month" is a new key.
   */
  private readonly pending = new Map<string, Promise<TQueryResult>>();

  /** The key of a plan's result in `results` and `pending`: its statement and values, or its API request. */
  private resultKey(source: AnswerSource, plan: TCompiledPlan): string {
    const [text, params] = plan.kind === 'sql' ? [plan.sql, plan.params] : [plan.request, []];
    return [source.id, source.account ?? '', text, JSON.stringify(params)].join('\u0000');
  }

  /** Runs a plan on the source (SQL, or an API source's own request), through the result cache. */
  async run(source: AnswerSource, plan: TCompiledPlan): Promise<TQueryResult> {
    const key = this.resultKey(source, plan);
    const hit = this.results.get(key);
    if (hit && (hit.expires === null || hit.expires > performance.now())) return hit.result;
    const running = this.pending.get(key);
    if (running) return running;
    const promise = source.connector
      .execute(plan, DEFAULT_QUERY_OPTIONS)
      .then((result) => {
        // Not kept when the source was forgotten while the query ran.
        if (this.pending.get(key) === promise) {
          const expires = source.immutable ? null : performance.now() + LIVE_RESULT_TTL_MS;
          if (this.memoSize > 0)
            this.results.set(key, { result, expires, rowBytes: approximateBytes(result.rows), cards: null });
        }
        return result;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  /** Drops every cached result of a source (it changed or was deleted). */
  forgetSource(id: string): void {
    this.results.deleteWhere((key) => key.startsWith(`${id}\u0000`));
    for (const key of [...this.pending.keys()]) if (key.startsWith(`${id}\u0000`)) this.pending.delete(key);
  }

  /** parseQuestion, remembered per model and context (see `parsed`). */
  parse(phrase: string, options: Parameters<typeof parseQuestion>[1]): TParseResult {
    if (this.memoSize <= 0) return parseQuestion(phrase, options);
    if (!this.modelIds.has(options.model)) this.modelIds.set(options.model, this.nextModelId++);
    const key = [
      this.modelIds.get(options.model),
      phrase,
      options.today,
      options.weekStart,
      options.language,
      options.dialect,
      options.previous ? stringify(options.previous) : '',
    ].join('\u0000');
    let parsed = this.parsed.get(key);
    if (!parsed) {
      parsed = share(parseQuestion(phrase, options));
      this.parsed.set(key, parsed);
    }
    return parsed;
  }

  /**
   * The answer's plan of `query` for `key` (phrase and reader's day), made once per query object
   * and model; made afresh when the cache is off. A handful of keys per query (wordings,
   * languages, zones, days); more is not a repeat, so they are not kept.
   */
  plan(query: TSemanticQuery, model: TSemanticModel, key: string, make: () => AnswerPlan): AnswerPlan {
    if (this.memoSize <= 0) return make();
    let memo = this.plans.get(query);
    if (!memo || memo.model !== model) {
      memo = { model, byKey: new Map() };
      this.plans.set(query, memo);
    }
    let plan = memo.byKey.get(key);
    if (plan === undefined) {
      plan = make();
      if (memo.byKey.size < PLANS_PER_QUERY) memo.byKey.set(key, plan);
    }
    return plan;
  }

  /**
   * The card of `result` (of `plan` on `source`) for `key` (query and reader), built once per kept
   * result and model and kept beside it in `results` (its bytes counted with the result's). A
   * result not kept (the cache off, pushed out, too large) gets a card of its own each time.
   */
  card(
    run: { source: AnswerSource; plan: TCompiledPlan; result: TQueryResult },
    model: TSemanticModel,
    key: string,
    build: () => TCard,
  ): TCard {
    const resultKey = this.resultKey(run.source, run.plan);
    const kept = this.memoSize > 0 ? this.results.get(resultKey) : undefined;
    if (!kept || kept.result !== run.result) return build();
    if (!kept.cards || kept.cards.model !== model) kept.cards = { model, byKey: new Map(), bytes: 0 };
    const known = kept.cards.byKey.get(key);
    if (known) return known;
    const card = share(build());
    if (kept.cards.byKey.size < CARDS_PER_RESULT) {
      kept.cards.byKey.set(key, card);
      kept.cards.bytes += KEPT_CARD_FACTOR * approximateBytes(card);
      // Measured again with its card: older results may go, or this one if it no longer fits.
      this.results.set(resultKey, kept);
    }
    return card;
  }
}
