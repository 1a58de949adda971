/**
 * Yes/no columns of any name: a BOOLEAN ("Churn", "PaperlessBilling")
 * or a whole number holding only 0 and 1 ("SeniorCitizen", "Late_delivery_risk", "Are you
 * self-employed?"). Each is a dimension whose words name its true rows ("churned customers",
 * "senior citizens", "customers with paperless billing") and a rate: the share of answered rows
 * where it is true ("churn rate"), as a percentage. Never a summed quantity.
 */
import type { TIntrospectedColumn } from '../introspection';
import type { TDimension } from '../semantic-model';
import { addMeasure, offer, type TIntrospectContext, type TTableInfo } from './context';
import { isSentence, phraseKey, plural, title, words, yesNoNames } from './text';
import { ownTime } from './time';

/** Trailing words that only say "this is a flag": "late delivery risk" is said "late delivery". */
const FLAG_SUFFIX = / (?:flag|bool|boolean|indicator|ind|yn|risk)$/;
const FLAG_PREFIX = /^(?:is|has|was|flag) /;

/** A BOOLEAN, or a whole number whose values (sampled by the source) are only 0 and 1. */
export function isYesNo(c: TIntrospectedColumn): boolean {
  if (c.kind === 'boolean') return true;
  return (
    c.kind === 'integer' &&
    c.values !== null &&
    c.values.length > 0 &&
    c.values.every((v) => v === '0' || v === '1')
  );
}

/** The values a yes/no column holds for true and false. */
export function yesNoValues(c: TIntrospectedColumn): [string, string] {
  return c.kind === 'boolean' ? ['true', 'false'] : ['1', '0'];
}

/** A yes/no column's dimension: no listed values, its words standing for them ("churn" → true). */
export function yesNoDimension(
  table: string,
  c: TIntrospectedColumn,
  valueSynonyms: Record<string, string>,
): TDimension {
  return {
    name: `${table}.${c.name}`,
    label: '',
    synonyms: [],
    sources: [{ table, column: c.name }],
    values: [],
    valueSynonyms,
  };
}

/** The words naming a yes/no column's true rows, best first: "churn", "sought treatment". */
export function flagNames(c: TIntrospectedColumn): string[] {
  if (isSentence(c.name)) return yesNoNames(c.name);
  const w = words(c.name).replace(FLAG_PREFIX, '').replace(FLAG_SUFFIX, '');
  return /\p{L}{2}/u.test(w) ? [w] : [];
}

/**
 * A yes/no column's dimension and rate. Its words become a value of the column only where no
 * other column of the table already has that value ("late delivery" is a Delivery Status).
 */
export function addYesNo(
  ctx: TIntrospectContext,
  info: TTableInfo,
  c: TIntrospectedColumn,
  weight: number,
): void {
  const names = flagNames(c);
  if (names.length === 0) return;
  const t = info.table;
  const word = names[0];
  const [yes, no] = yesNoValues(c);
  const taken = new Set(t.columns.flatMap((o) => (o === c ? [] : (o.values ?? []).map((v) => phraseKey(v)))));
  const said = names
    .flatMap((n) => (n.endsWith('s') ? [n] : [n, plural(n)]))
    .filter((n) => !taken.has(phraseKey(n)));
  const dim: TDimension = {
    ...yesNoDimension(t.name, c, Object.fromEntries(said.map((n) => [n, yes]))),
    ...(said.length > 0 ? { flag: word } : {}),
  };
  ctx.model.dimensions.push(dim);
  // Its label is not its word: "churn" alone stays the value, "by churn" the breakdown.
  const labels = [`${title(word)} (Yes/No)`, `${title(info.entity)} ${title(word)} (Yes/No)`];
  ctx.labelChoices.set(`dimension:${dim.name}`, labels);
  offer(ctx, 'dimension', dim.name, weight, [
    ...labels.map((phrase) => ({ phrase, tier: 0 })),
    ...names.flatMap((n) => [`by ${n}`, `per ${n}`]).map((phrase) => ({ phrase, tier: 0 })),
  ]);
  addRate(ctx, info, c, word, [yes, no]);
}

/** "Churn Rate": the rows where the flag is true among those where it is answered. */
function addRate(
  ctx: TIntrospectContext,
  info: TTableInfo,
  c: TIntrospectedColumn,
  word: string,
  [yes, no]: string[],
): void {
  const t = info.table;
  const time = ownTime(ctx, t.name);
  const count = (suffix: string, values: string[]): string => {
    const name = `${t.name}.${c.name}.${suffix}`;
    ctx.model.measures.push({
      kind: 'aggregate',
      name,
      label: title(`${word} ${suffix}`),
      synonyms: [],
      format: 'number',
      table: t.name,
      agg: 'count',
      where: [{ table: t.name, column: c.name, values }],
      time,
      hidden: true,
    });
    return name;
  };
  const numerator = count('yes', [yes]);
  const denominator = count('answered', [yes, no]);
  // "share of self-employed respondents": the rows' own nouns ("respondents") around the word.
  const nouns = (ctx.phrases.get(`measure:${t.name}.count`) ?? [])
    .map((p) => p.phrase.toLowerCase())
    .filter((p) => /^\p{L}+$/u.test(p));
  const shares = ['share', 'percentage', 'proportion', 'percent'];
  addMeasure(
    ctx,
    {
      kind: 'ratio',
      name: `${t.name}.${c.name}.rate`,
      label: '',
      synonyms: [],
      format: 'percent',
      numerator,
      denominator,
    },
    Math.max(1, info.rows),
    [title(`${word} rate`)],
    [
      `${word} rate`,
      ...shares.flatMap((s) => [`${s} of ${word}`, `${word} ${s}`]),
      ...nouns.flatMap((n) => [
        `share of ${word} ${n}`,
        `share of ${n} who ${word}`,
        `share of ${n} ${word}`,
      ]),
    ],
    [],
  );
}
