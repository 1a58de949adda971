/**
 * A language pack: everything the engine's stages need to know about one language, so the stages
 * themselves hold no words and compare no language codes. Each language is a folder
 * (languages/en/, languages/tr/) exporting its pack; languages/index.ts lists them.
 */
import type { TChartType, TQueryFilter, TTimeGrain } from '@parley/contract';
import type { TSchemaWord } from '../model/introspect/schema-words';
import type { TSemanticModel } from '../model/semantic-model';
import type { TCardWords } from './card-types';
import type { TDateGrammar } from './date-rule-types';
import type { TLanguageCode } from './language-code';
import type { TMessages } from './message-types';
import type { TVocabularyTarget } from './vocabulary-target';

export type { TLanguageCode } from './language-code';

/** Where a function word stands relative to the noun it applies to. */
export type TWordPosition = 'before' | 'after';

export interface TLanguagePack {
  code: TLanguageCode;
  /**
   * How the pack recognises a question in its language (languages/registry.ts asks every pack):
   * `certain` for letters or forms only it has, `words` for the phrase's words that are its own.
   */
  detect: { certain?(phrase: string): boolean; words(phrase: string): string[] };
  /** The locale its cards are written in when the user's does not fit; `fixed`: always. */
  locale: { name: string; fixed?: boolean };
  /** The card's words (card/words.ts), with the query's title and description in this language. */
  card: TCardWords;
  /** Lower case, unified punctuation, number words as digits: space-separated tokens. */
  normalise(phrase: string): string;
  /** The dictionary form of one normalised word ("countries" → "country"). */
  lemma(word: string): string;
  /** Words that carry no analytic meaning ("show me", "what were"); anything else must be placed. */
  fillers: Set<string>;
  /**
   * Words that stand for something without naming it ("thing", "stuff"): never read as a typo of a
   * field's name, and a question of nothing else asks what to measure.
   */
  vague: Set<string>;
  /** Negations and where they stand ("excluding Germany": before; Turkish "Almanya hariç": after). */
  negation: { words: Set<string>; phrases: string[]; position: TWordPosition; reach: number };
  /** Words that put a dimension into the grouping ("by country"; Turkish "ülkeye göre": after). */
  grouping: { words: Set<string>; position: TWordPosition };
  /** "revenue per order": the word that makes a measure after a measure their ratio. */
  ratioWord: string;
  /** "in total", "altogether": one total is wanted, no breakdown unless a grouping word says so (a rule). */
  total: string;
  /**
   * The parties a business counts its takings over ("revenue per customer" is also an average per
   * customer); "per" before any other entity is a breakdown ("sales per employee").
   */
  perHead: Set<string>;
  /** "share of", "percentage of": a share of the rows the question's values pick (a rule). */
  shareOf: string;
  /** Words that join the items of a list ("orders, revenue and customers"). */
  listWords: Set<string>;
  /** "average revenue per order" restates the same ratio. */
  averageWords: Set<string>;
  /**
   * Aggregations named on a measure ("median salary", "90th percentile of delivery time"): token
   * rules and what each names; a percentile rule captures its rank as its first group.
   */
  aggregations: [string, 'median' | 'percentile' | 'min' | 'max'][];
  /** The words between two measures that state arithmetic ("divided by", "as a share of"): whole rules. */
  arithmetic: [string, 'divide' | 'share' | 'add' | 'subtract'][];
  /** Question words asking for one item ("which product") rather than a list. */
  whichWords: Set<string>;
  /** Follow-up markers at the start of a question, and the ones that add rather than replace. */
  followUp: RegExp;
  append: RegExp;
  /** Follow-up markers whose breakdown adds to the previous one ("and by month"). */
  appendBreakdown: RegExp;
  instead: RegExp;
  /**
   * Question kinds beside the plain aggregate, as token rules: drivers ("why did … drop") with
   * the movement words they ask about, and forecasts ("next quarter").
   */
  intents: { drivers: string; movement: string; forecast: string; forecastCue: RegExp; horizon: string };
  /** Words that cannot end a question ("revenue excluding", "revenue last month vs"). */
  dangling: Set<string>;
  /** "revenue from orders": words that say a measure comes from another one. */
  sourceWords: Set<string>;
  /** Chart words: rules over tokens and their chart type. */
  chart: { rules: string[]; table: string; types: Record<string, TChartType> };
  /** Numeric comparators: an amount pattern and the words of each operator. */
  numbers: {
    amount: string;
    between: string;
    comparators: [string, TQueryFilter['op']][];
    orMore: string;
    orLess: string;
    /** Multipliers after a number ("5k", "2 million"). */
    multipliers: Record<string, number>;
    percent: Set<string>;
    /** Comparators that follow their amount (Turkish "1.000'den fazla"): words and operator. */
    after?: [string, TQueryFilter['op']][];
  };
  /** Ranking rules: "top 5", "lowest", "sorted by". */
  ranking: {
    topN: string;
    bottomN: string;
    top: string;
    bottom: string;
    most: string;
    least: string;
    /**
     * Superlatives that also name a column's maximum or minimum ("maximum salary"): read as one
     * when nothing is there to rank, a ranking otherwise ("maximum revenue by region").
     */
    extremes: [string, 'min' | 'max'][];
    ascending: string;
    descending: string;
    sort: string;
  };
  /**
   * Change between periods, per group: comparatives said against a second period ("sold less than
   * last year", "more … than"), verbs of one period against the one before ("declined", "grew");
   * `lost`, the words between a period with rows and one without ("last year but not this year");
   * `than`, the word before a second period ("less in 2025 than in 2024").
   */
  change: { less: string; more: string; fell: string; grew: string; lost?: string; than?: string };
  /**
   * Verbs of selling and spending ("sold", "spent") and the words of the money measure they ask
   * for when the question names none ("revenue", "sales").
   */
  salesVerbs: {
    words: Set<string>;
    measures: string[];
    /** A choice naming the measure in place of the verb ("sold less" → "had less revenue"); none keeps the verb. */
    withMeasure?: (change: string, measure: string) => string;
  };
  /** Grain rules: "by month", "weekly", "over time" (auto). */
  grain: { rules: string[]; joined: string; auto: string; words: Record<string, TTimeGrain> };
  /** The date grammar's rules (dates.ts), run by the one driver in parser/dates/. */
  dates: TDateGrammar;
  /** The parser's messages and the phrases of the choices it offers, in this language. */
  messages: TMessages;
  /**
   * How the pack keys the model's vocabulary (English: wink lemmas), and the extra phrases it adds
   * (Turkish names of English labels and values).
   */
  vocabulary: {
    key(phrase: string): string;
    exact(phrase: string): string;
    extra(model: TSemanticModel): [string, TVocabularyTarget][];
  };
  /**
   * Suffixed words match the vocabulary words they may be, best first ("almanyadaki" → "almanya"):
   * the words of `words` a written word can stand for (empty when none).
   */
  prefixMatch?(word: string, words: Set<string>): string[];
  /** Words that ask for a count ("how many", "number of"): a value alone then counts its rows. */
  countCue?: RegExp;
  /** Words that ask for an amount ("how much"), captured: a count alone does not answer them. */
  amountCue?: RegExp;
  /** A plural written form of a lemma (English: the word differs from its lemma). */
  isPlural?(norm: string, lemma: string): boolean;
  /**
   * The English schema word a word of a table or column name stands for in this language
   * ("siparisler" → orders), read by the model generator; English names need none.
   */
  schemaWord?(word: string): TSchemaWord | undefined;
  /** The horizon rule's unit words, when they are not the English unit names. */
  horizonUnits?: Record<string, 'day' | 'week' | 'month' | 'quarter' | 'half' | 'year'>;
}
