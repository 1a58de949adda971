/**
 * Words that carry no analytic meaning in a question ("show me", "what were", "how many").
 * Any other word the parser cannot place makes it ask instead of guessing.
 */
export const STOPWORDS = new Set(
  `a about across according all along also am an and any are as at be been being breakdown broken
  broke but by can could data did do does doing down each every figure figures for from get gets getting give
  given gives go going got had has have having how i i'd i'm in into is it its just know let list lets look
  many me metric metrics much my need number numbers of on or our over overall per please provide quick
  report reports see show showing shown so some split stats statistics summary summarise summarize tell than
  that the their them then there these this those to total totals us value values view want was we were what
  whats what's when where which while who whose why will with would you your again now like just kindly
  display plot graph chart charts table visualise visualize visualization breakdowns analysis analyse analyze
  trend trends performance perform performed doing kpi kpis generated generate made make makes bring brought
  sold sell sells selling brings generates generating drives drove produced produces produce bought buy purchased earned earn come came happen happened hey hi hello thanks thank
  ok okay same instead only also too well plus add include including grouped group compare comparing versus vs
  everything everyone anything something overview full complete entire whole exactly roughly approximately
  different various current currently recent recently latest right now's out up off ever ok yes total sum
  amount amounts count counts level levels result results info information look looking check tally figure
  distribution spread across split segmented segmentation dimension dimensions measure measures
  share shares percentage percentages proportion proportions % unique distinct ours thousands millions
  billions `
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Issue 10: words of the model's own currency. The demo (and every model so far) reports money in
 * one currency, US dollars, so "revenue in dollars" / "in USD" / "in $" only restates it. Any other
 * currency word ("in euros") is deliberately NOT filler: the parser does not convert, so it stays
 * an unknown word and the question is asked back (see CURRENCY_WORDS in vocabulary.ts, which also
 * keeps typo correction from turning "euros" into "europe").
 */
export const MODEL_CURRENCY_WORDS = ['usd', 'dollar', 'dollars', 'us$', '$', 'bucks'];
for (const w of MODEL_CURRENCY_WORDS) STOPWORDS.add(w);

/** Words that negate the value that follows ("excluding Germany", "not mobile"). */
export const NEGATIONS = new Set(['not', 'excluding', 'exclude', 'except', 'without', 'excl', 'non', 'but']);

/** Words that put a dimension into the grouping ("by country", "per channel"). */
export const GROUPING_WORDS = new Set(['by', 'per', 'each', 'every', 'across', 'between']);
