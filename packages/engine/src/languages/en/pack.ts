/**
 * The English language pack: every English word the parser's stages use. The lemmatiser is
 * wink-nlp (text.ts); its date rules are dates.ts.
 */
import type { TMessages } from '../message-types';
import type { TLanguagePack } from '../types';
import { EN_WORDS } from './card-words';
import { EN_DATES } from './dates';
import { englishFlagPhrases } from './flags';
import { getLemma, getPhraseKey, normalisePhrase } from './text';

/**
 * Words that carry no analytic meaning in a question ("show me", "what were", "how many").
 * Any other word the parser cannot place makes it ask instead of guessing. "why" is not here:
 * it asks for the drivers of a change (the intent stage), never for a plain number.
 */
const FILLERS = new Set(
  `a about across according all along also am an and any are as at be been being breakdown broken
  broke but by can could data did do does doing down each every figure figures for from get gets getting give
  given gives go going got had has have having how i i'd i'm in into is it its just know let list lets look
  many me metric metrics much my need number numbers of on or our over overall per please provide quick
  report reports see show showing shown so some split stats statistics summary summarise summarize tell than
  that the their them then there these this those to total totals us value values view want was we were what
  whats what's when where which while who whose will with would you your again now like just kindly
  display plot graph chart charts table visualise visualize visualization breakdowns analysis analyse analyze
  trend trends performance perform performed doing kpi kpis generated generate made make makes bring brought
  sold sell sells selling brings generates generating drives drove produced produces produce bought buy purchased earned earn come came happen happened hey hi hello thanks thank
  ok okay same instead only also too well plus add include including grouped group compare comparing versus vs
  everything everyone anything something overview full complete entire whole exactly roughly approximately
  different various current currently recent recently latest right now's out up off ever ok yes total sum
  amount amounts count counts level levels result results info information look looking check tally figure
  distribution spread across split segmented segmentation dimension dimensions measure measures
  share shares percentage percentages proportion proportions % unique distinct ours thousands millions
  billions placed through via comes coming popular opened created submitted raised logged filed
  recorded registered happened occurring occurred visited site website ordered shopped `
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words of the model's own currency. The demo (and every model so far) reports money in one
 * currency, US dollars, so "revenue in dollars" / "in USD" / "in $" only restates it. Any other
 * currency word ("in euros") is deliberately NOT filler: the parser does not convert, so it stays
 * an unknown word and the question is asked back (see CURRENCY_WORDS in vocabulary.ts, which also
 * keeps typo correction from turning "euros" into "europe").
 */
const MODEL_CURRENCY_WORDS = ['usd', 'dollar', 'dollars', 'us$', '$', 'bucks'];
for (const w of MODEL_CURRENCY_WORDS) FILLERS.add(w);

const AMOUNT =
  '(?:\\$ |€ |£ )?(\\d+(?:\\.\\d+)?)(?: (k|m|bn|thousand|million|billion|%|percent))?(?: (?:\\$|€|£|dollars?|euros?|usd|eur|gbp))?';

/** Month names and abbreviations: a number before one is a day, not an amount. */
const MONTH_WORDS =
  'jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december';

const CHART_KINDS = 'pie|donut|doughnut|bars?|columns?|lines?|area';

const LIST = (items: string[], conjunction: 'and' | 'or'): string =>
  items.length > 1
    ? `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`
    : (items[0] ?? '');

const quote = (w: string): string => `“${w}”`;

const MESSAGES: TMessages = {
  text: {
    failed: () => 'Sorry, I could not understand that question.',
    empty: () => 'Ask a question about your data, for example:',
    tooLong: (m) => `That question is too long (over ${m.max} characters). Try a shorter one:`,
    ambiguousWord: (m) => `${quote(m.words)} could mean ${m.options.join(' or ')}. Which one?`,
    noRatio: (m) =>
      `${quote(m.words)} would be ${m.numerator} divided by ${m.denominator}, and there is no such measure. Did you mean one of these?`,
    ambiguousValue: (m) =>
      `${quote(m.words)} is a value of several fields: ${m.options.join(', ')}. Which one?`,
    unknownWords: (m) =>
      `${m.understood ? `I understood ${m.understood}, but` : 'Sorry,'} I don’t know ${m.words.map(quote).join(', ')}. Did you mean one of these?`,
    nothingKnown: () => 'I could not tell what you want to know. Name a measure, for example:',
    whichMeasure: (m) =>
      `${m.understood ? `I understood ${m.understood}, but not` : 'I could not tell'} what to measure. Which measure do you want?`,
    changePeriods: (m) =>
      `${m.understood ? `I understood ${m.understood}, but not` : 'I could not tell'} which two periods to compare. Name both, for example “… this quarter vs last quarter”.`,
    twoPeriods: () =>
      'I found more than one period in that question. Which period do you mean? Ask for one period, or use “from … to …”.',
    noDate: (m) => `${m.measure} has no date, so it cannot be split or filtered by time.`,
    whatToRank: (m) => `I understood ${m.understood}, but not what to rank. Rank which of these?`,
    notAvailable: (m) =>
      `${LIST(m.measures, 'and')} cannot be broken down or filtered by ${m.dimension}. Try one of these:`,
    notAQuery: () => 'Sorry, I could not turn that into a question about your data.',
    cutOff: (m) =>
      `${m.understood ? `I understood ${m.understood}, but the` : 'The'} question stops after ${quote(m.word)}. What should come next? For example:`,
    measureFromMeasure: (m) =>
      `I can show ${m.measure} and ${m.source}, but I cannot split ${m.measure} by whether it came from ${m.source}. Which one do you want?`,
    noAggregation: (m) =>
      `${quote(m.words)} is taken over a column of values, and ${m.measure} is a count or a ratio, not one. Which measure do you want?`,
    perWhat: (m) =>
      `${quote(`${m.measure} per ${m.words}`)} could be ${m.measure} for each ${m.words}, or an average per ${m.words}. Which one?`,
    kindNotYet: (m) =>
      m.kind === 'drivers'
        ? `${m.understood ? `I understood ${m.understood}, but I` : 'I'} cannot yet explain why a number changed. I can show how it changed, and by what:`
        : `${m.understood ? `I understood ${m.understood}, but I` : 'I'} cannot forecast yet. I can show the history it would be based on:`,
  },
  titles: {
    youCouldAsk: 'You could ask',
    whichOne: 'Which one did you mean?',
    whichMeasure: 'Which measure?',
    didYouMean: 'Did you mean…',
    rankBy: 'Rank by…',
    breakdowns: 'Available breakdowns',
  },
  phrases: {
    lastMonth: (m) => `${m} last month`,
    byMonthThisYear: (m) => `${m} by month this year`,
    thisVsLastMonth: (m) => `${m} this month vs last month`,
    thisVsLastQuarter: (m) => `${m} this quarter vs last quarter`,
    rank: (dir, n, d, m) => `${dir === 'desc' ? 'Top' : 'Bottom'} ${n} ${d} by ${m}`,
    by: (ms, d) => `${LIST(ms, 'and')} by ${d}`,
    both: (a, b) => `${a} and ${b}`,
    divided: (a, b) => `${a} divided by ${b}`,
    fieldValue: (f, v) => `${f} ${v}`,
    trendOf: (m, period) => `${m} by month ${period}`,
    ranked: (r, d, m) => `${r} ${d} by ${m}`,
    compose: (m, dims, values, words) =>
      [
        dims.length > 0 ? `${m} by ${LIST(dims, 'and')}` : m,
        ...values.map((v) => (v.excluded ? `excluding ${v.value}` : v.value)),
        words,
      ]
        .filter(Boolean)
        .join(' '),
  },
  understood: {
    name: (label) => label,
    by: (dimension) => `by ${dimension}`,
    values: (dimension, values, excluded) =>
      `${dimension} ${excluded ? 'is not' : 'is'} ${values.join(', ')}`,
  },
  list: LIST,
};

/** Words that say a question is English: function words, the English fillers, date words. */
const ENGLISH_WORDS = new Set([
  ...`the by of in for last this what show me top and vs per how many which is are was were from to with
  revenue orders sales customers month year week quarter compared each over between average total
  yesterday today days weeks months quarters years ytd mtd qtd since ago previous prior past next
  versus than rate sessions users visitors mobile desktop jan feb mar apr jun jul aug sep sept oct nov dec
  january february march april june july august september october november december`
    .split(/\s+/)
    .filter(Boolean),
  ...FILLERS,
]);

/** The phrase's English words: lower case, accents dropped ("café" → "cafe"), letters and digits. */
function englishWords(phrase: string): string[] {
  return phrase
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => ENGLISH_WORDS.has(w));
}

/**
 * English normalisation (text.ts) plus readings that need the filler list: "may I see …" is a
 * request, not the month; a question that starts "us revenue …" names the country (the pronoun
 * never starts a question), while "in US dollars" is the currency.
 */
function normalise(phrase: string): string {
  let s = normalisePhrase(phrase.replace(/\bUS(?=\s*(?:dollars?|\$))/g, 'usd'));
  s = s.replace(/^(?:may|can|could) (?:i|we) /, '');
  const [first, second] = s.split(' ');
  if (first === 'us' && second !== undefined && !FILLERS.has(second)) s = `u.s${s.slice(2)}`;
  return s;
}

export const EN: TLanguagePack = {
  code: 'en',
  detect: { words: englishWords },
  locale: { name: 'en-US' },
  card: EN_WORDS,
  normalise,
  lemma: getLemma,
  fillers: FILLERS,
  vague: new Set(['thing', 'things', 'stuff', 'whatsit', 'whatever']),
  negation: {
    words: new Set(['not', 'excluding', 'exclude', 'except', 'without', 'excl', 'non', 'but', 'outside']),
    phrases: ['other than'],
    position: 'before',
    reach: 3,
  },
  grouping: { words: new Set(['by', 'per', 'each', 'every', 'across', 'between']), position: 'before' },
  ratioWord: 'per',
  listWords: new Set(['and', 'or', '&', ',']),
  shareOf: '(?:the |what )?(?:share|percentage|proportion|fraction|percent|%) of(?: the| all| our)?',
  perHead: new Set(
    'customer client account user member subscriber buyer shopper visitor patient guest head capita person'.split(
      ' ',
    ),
  ),
  total: '(?:in total|in all|altogether|all together|all in all|combined|in sum)',
  averageWords: new Set(['average', 'avg', 'mean']),
  aggregations: [
    ['(?:the )?median(?: of)?(?: the)?', 'median'],
    ['(?:the )?(\\d{1,2})(?: ?(?:st|nd|rd|th))? percentile(?: of)?(?: the)?', 'percentile'],
    ['(?:the )?p(\\d{1,2})(?: of)?', 'percentile'],
  ],
  arithmetic: [
    ['(?:divided|divide) by', 'divide'],
    ['as (?:a |the )?(?:share|percentage|percent|proportion|fraction|%) of(?: the)?', 'share'],
    ['plus', 'add'],
    ['minus|less', 'subtract'],
  ],
  whichWords: new Set(['which', 'what', 'who']),
  followUp:
    /^(?:and|also|what about|how about|same for|same but|same|now|only|just|but|then|what if|instead|ok|okay|plus|add|and also|and what about|what of)\b/,
  append: /^(?:and also|also|plus|add)\b|\b(?:too|as well)$/,
  appendBreakdown: /^(?:and|also|plus|add)\b/,
  instead: /\binstead\b/,
  intents: {
    // "why did revenue drop", "what drove orders in Q3", "explain the dip in sessions". "which
    // channel drives the most revenue" is a ranking, so "drives" alone is not a drivers question.
    drivers:
      "why|what(?: has| have| is| are|'s|s)? (?:drove|drives|driving|caused|causes|causing|explains)|drivers? (?:of|behind)|(?:explain|reasons? for|cause of|causes of) (?:the |this |that |our )?(?:drop|fall|rise|increase|decrease|change|decline|dip|spike|jump|growth)|root cause",
    // The movement a drivers question asks about ("drop", "go up"), read only with one.
    movement:
      '(?:drop|dropped|dropping|fall|fell|falling|go|goes|went|gone|up|down|rise|rose|risen|rising|spike|spiked|dip|dipped|jump|jumped|increase|increased|decrease|decreased|decline|declined|change|changed|grow|grew|growth|shrink|shrank|so|high|low|higher|lower)',
    // "forecast revenue next quarter", "orders next 3 months", "what will sales be".
    // "what will revenue be in December": the future tense around the measure.
    forecastCue: /\bwill\b(?: \S+){1,4} be\b|\bgonna\b|\bgoing to be\b/,
    forecast:
      '(?:forecasts?|forecasting|forecasted|predict|predicted|prediction|predictions|projections?|projected|extrapolate)|(?:will|gonna) be',
    // How far ahead: "next quarter", "the next 3 months", "coming 2 weeks".
    horizon:
      '(?:the |over the |for the |in the )?(?:next|coming|following|upcoming) (?:(\\d{1,3}) )?(day|week|month|quarter|half|year)s?',
  },
  dangling: new Set([
    'vs',
    'versus',
    'against',
    'compared',
    'than',
    'excluding',
    'except',
    'without',
    'not',
    'by',
    'per',
    'and',
    'or',
    'between',
    'from',
    'to',
    'with',
  ]),
  sourceWords: new Set([
    'from',
    'generated',
    'coming',
    'made',
    'earned',
    'brought',
    'the',
    'all',
    'our',
    'of',
  ]),
  chart: {
    rules: [
      `(?:as |in |using |with |on )(?:a |an )?(${CHART_KINDS})(?: chart| graph| plot| diagram)?|(?:a |an )?(${CHART_KINDS}) (?:chart|graph|plot|diagram)`,
    ],
    table: '(?:as |in )(?:a |the )?(?:table|list|number|text)',
    types: {
      pie: 'pie',
      donut: 'donut',
      doughnut: 'donut',
      bar: 'bar',
      bars: 'bar',
      column: 'bar',
      columns: 'bar',
      line: 'line',
      lines: 'line',
      area: 'area',
    },
  },
  numbers: {
    amount: AMOUNT,
    // "from 10 to 20 October" is a span of days, not an amount between 10 and 20.
    between: `(?:between|from) ${AMOUNT} (?:and|to) ${AMOUNT}(?! (?:of )?(?:${MONTH_WORDS})(?: |$))`,
    comparators: [
      ['at least|no less than|not less than|minimum of|min of|>=', 'gte'],
      ['at most|no more than|not more than|maximum of|max of|up to|<=', 'lte'],
      [
        'over|above|more than|greater than|higher than|bigger than|larger than|exceeding|exceeds|exceed|>',
        'gt',
      ],
      ['under|below|less than|fewer than|lower than|smaller than|<', 'lt'],
    ],
    orMore: `${AMOUNT} (?:or more|or above|or over|plus)`,
    orLess: `${AMOUNT} (?:or less|or fewer|or below|or under)`,
    multipliers: { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, bn: 1e9, billion: 1e9 },
    percent: new Set(['%', 'percent']),
  },
  // A comparative counts only with its "than" ("more than 5 orders" is a number filter, read first).
  change: {
    less: '(?:less|fewer|lower|smaller)(?=(?: \\S+)* than )',
    more: '(?:more|higher|bigger|larger|greater)(?=(?: \\S+)* than )',
    fell: '(?:declined|decreased|dropped|fell|shrank|shrunk|went down)',
    grew: '(?:grew|grown|increased|rose|risen|went up)',
    lost: '(?:but|and) not(?= (?:in |during |for )?(?:this|last|previous|prior|(?:19|20)\\d\\d)\\b)',
    than: 'than(?= (?:in|during|for|on) )',
  },
  salesVerbs: {
    words: new Set(['sold', 'sell', 'sells', 'selling', 'spent', 'spend', 'spends', 'spending']),
    measures: ['revenue', 'sales'],
    withMeasure: (change, measure) => `had ${change} ${measure}`,
  },
  ranking: {
    topN: '(?:the )?(top|best|highest|largest|biggest|leading|greatest|most) (\\d{1,4})',
    bottomN: '(?:the )?(bottom|worst|lowest|smallest|least|fewest) (\\d{1,4})',
    top: '(?:the )?(?:top|leading)(?: performing)?',
    bottom: '(?:the )?(?:bottom)(?: performing)?',
    most: '(?:the )?(?:most|highest|largest|biggest|greatest|max|maximum|best(?: performing)?|strongest)',
    least: '(?:the )?(?:least|lowest|smallest|fewest|min|minimum|worst(?: performing)?|weakest)',
    extremes: [
      ['(?:the )?(?:max|maximum|oldest)', 'max'],
      ['(?:the )?(?:min|minimum|youngest)', 'min'],
    ],
    ascending: '(?:ascending|asc|low to high|lowest first|increasing order|smallest first)',
    descending: '(?:descending|desc|high to low|highest first|decreasing order|biggest first|largest first)',
    // "revenue per order by month" is a ratio by month, not a sort.
    sort: '(?:sorted|ranked|ordered|(?<!per )order|sort|rank) by|sorted|ranked|ranking',
  },
  grain: {
    rules: [
      // "days with more than 170 orders": a plural bucket under a condition is the grain.
      '(day|week|month|quarter|year)s(?= (?:with|where|when|that|having|in which|\u00a7))',
      '(?:(?:broken down|split|grouped|bucketed) )?(?:by|per|each|every|for each|for every|a|in) (day|week|month|quarter|year)s?|(day|week|month|quarter|year) (?:by|over|on) (?:day|week|month|quarter|year)|(daily|weekly|monthly|quarterly|yearly|annually|annual)',
    ],
    // "by category and month", "by channel & week": a grain joined to a breakdown by "and".
    // Only the "and <grain>" words are consumed; the dimension is left for the vocabulary.
    joined: '(?<=(?:^| )(?:by|per|across) [^\u00a7]+ )(?:and|&) (day|week|month|quarter|year)s?',
    auto: '(?:over time|trend|trends|trending|timeline|time series|history|historical|evolution|over the period)',
    words: {
      day: 'day',
      daily: 'day',
      week: 'week',
      weekly: 'week',
      month: 'month',
      monthly: 'month',
      quarter: 'quarter',
      quarterly: 'quarter',
      year: 'year',
      yearly: 'year',
      annually: 'year',
      annual: 'year',
    },
  },
  dates: EN_DATES,
  messages: MESSAGES,
  countCue: /(?:^| )(?:how many|number of|count of|count the)(?: |$)/,
  amountCue: /(?:^| )(how much)(?: |$)/,
  vocabulary: { key: getPhraseKey, exact: normalisePhrase, extra: englishFlagPhrases },
};
