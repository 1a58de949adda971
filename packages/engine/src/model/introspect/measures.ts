/**
 * Measures step: every table counts its rows ("Payments", "number of payments"; count distinct of
 * its key); numeric columns give sum and average, except keys, references (`*_by`, `*_to`,
 * `*_via`), flags, year-like, code-like (zip, phone, extension, number) and ordering columns;
 * rates, ratings, scores and shares (fractions.ts: a margin of 0.32, a discount pct of 15) only
 * average, shares as percentages. A line table with a price and a quantity gets Revenue
 * (price × quantity × (1 − discount)) and the average value of its header; a start and an end
 * date give durations (durations.ts).
 */
import type { TIntrospectedColumn } from '../introspection';
import type { TMeasureFormat, TModelExpr } from '../semantic-model';
import { findNamingColumn, isAudit, isNumeric, NOT_DIMENSION } from './columns';
import { addMeasure, isKey, type TIntrospectContext, type TTableInfo } from './context';
import { addDurations } from './durations';
import { findFlatEntities } from './entities';
import { isYesNo } from './flags';
import { shareScale, type TShareScale } from './fractions';
import { addMarkedMeasures, findMarked } from './markers';
import { bareNames, fieldWords, phraseKey, plural, qualify, synonymsFor, title, words } from './text';
import { ownTime } from './time';
import { addValidCount } from './validity';

const CURRENCY =
  /\b(amount|revenue|price|cost|sales|mrr|arr|salary|fee|spend|budget|value|total|income|payment|balance|freight)\b/;
/** Said as averages first ("resolution hours" means the average). */
const AVERAGE_FIRST =
  /\b(rate|ratio|pct|percent|score|rating|age|hours|duration|days|minutes|seconds|nps|satisfaction|price|weight|latency|length|width|height|size|discount|temperature|level)\b/;
/** Meaningless as sums: only averaged. */
/**
 * A pipeline's raw or staging copy ("raw_payments", "stg_orders" beside dbt's final "orders"):
 * its measures keep their own words but never win a shared one ("revenue", "amount").
 */
export const STAGING = /^(raw|stg|staging|src|source|tmp|temp|int|base)_/i;
const AVERAGE_ONLY = /\b(rate|ratio|pct|percent|percentage|score|rating|stars|grade|nps|satisfaction|csat)\b/;
/** Numbers that are identifiers, codes, flags, calendar parts or ordering, not quantities. */
const NOT_MEASURE_WORD =
  /\b(id|key|uuid|code|zip|postal|postcode|zipcode|phone|fax|extension|ext|lat|lng|lon|latitude|longitude|version|seq|sequence|ordinal|index|position|sort|rank|year|yr|month|day|week|quarter|hour|weekday|flag|bool|boolean|active|enabled|disabled|deleted|discontinued|archived|visible|hidden|parent)\b/;
const PRICE = /^(unit )?(price|cost)$|^(sale|selling|list|retail|item) price$|^price each$/;
const QUANTITY = /^(quantity|qty|units|unit count|quantity ordered|quantity sold|units sold|count)$/;
const DISCOUNT = /^(discount|discount rate|discount pct|discount percent)$/;
/** The value of the row itself (a payment's amount), unlike a unit price or a cost. */
const ROW_VALUE = /\b(amount|total|value|revenue|sales|fee|income|charge|paid)\b/;
/** A table that already stores a line's value has no need of a derived one. */
const LINE_VALUE = /\b(amount|total|revenue|sales|subtotal|extended price|line total|value)\b/;

/** "invoice number", "is paid", "reports to", "created by", "ship via": references and flags. */
function isNotMeasure(name: string): boolean {
  const parts = name.split(' ');
  const first = parts[0];
  const last = parts[parts.length - 1];
  return (
    NOT_MEASURE_WORD.test(name) ||
    ['number', 'num', 'no', 'nr', 'nbr'].includes(last) ||
    ['is', 'has', 'can', 'reports'].includes(first) ||
    (parts.length > 1 && ['to', 'by', 'via', 'from', 'for', 'of', 'with'].includes(last))
  );
}

/** What a table's measures share: its date, its weight and its numeric columns. */
interface TTableMeasures {
  info: TTableInfo;
  time: string | null;
  weight: number;
  numeric: TIntrospectedColumn[];
  /** A flat export's entities ("order item"): a quantity named after one is said without it. */
  entities: string[];
}

/** Adds each table's count, column sums and averages, and a line table's revenue. */
export function addMeasures(ctx: TIntrospectContext): void {
  for (const info of ctx.infos) {
    if (info.bridge) continue;
    const t = info.table;
    const table: TTableMeasures = {
      info,
      time: ownTime(ctx, t.name),
      weight: STAGING.test(t.name) ? 1 : Math.max(1, info.rows),
      // A 0/1 column is a flag (flags.ts): its rate, never its sum.
      numeric: t.columns.filter((c) => isNumeric(c) && !isKey(ctx, info, c) && !isAudit(c) && !isYesNo(c)),
      entities: [],
    };
    table.entities = [info.entity, ...findFlatEntities(ctx, info).map((e) => e.entity)];
    const marked = findMarked(ctx, info);
    addCount(ctx, table, marked !== null);
    for (const c of table.numeric) addColumnMeasures(ctx, table, c);
    if (marked) addMarkedMeasures(ctx, info, marked, markedColumns(ctx, marked.parent));
    addLineRevenue(ctx, table);
    addDurations(ctx, info, table.time, table.weight);
    addValidCount(ctx, info, table.time);
  }
}

/** A parent's columns a marker table's measures aggregate: its quantities, as addColumnMeasures reads them. */
function markedColumns(ctx: TIntrospectContext, parent: TTableInfo) {
  return parent.table.columns
    .filter((c) => isNumeric(c) && !isKey(ctx, parent, c) && !isAudit(c) && !isNotMeasure(words(c.name)))
    .map((column) => {
      const base = words(column.name);
      const scale = shareScale(column, base);
      return {
        column,
        expr: shareValue(parent.table.name, column, scale),
        averageOnly: AVERAGE_ONLY.test(base) || scale !== null,
        format: formatOf(base, scale),
      };
    });
}

/** A share is a percentage; otherwise money by its name, else a number. */
function formatOf(base: string, scale: TShareScale): TMeasureFormat {
  return scale ? 'percent' : CURRENCY.test(base) ? 'currency' : 'number';
}

/** A column's value as a measure reads it: a percent of 100 as the fraction the format shows. */
function shareValue(table: string, c: TIntrospectedColumn, scale: TShareScale): TModelExpr {
  const value = { table, col: c.name };
  return scale === 'hundred' ? { op: '/', left: value, right: { num: 100 } } : value;
}

/** A small table others refer to, named by one column (categories, countries). */
function isLookup(ctx: TIntrospectContext, info: TTableInfo): boolean {
  const keys = ctx.keyColumns.get(info.table.name)!;
  const own = info.table.columns.filter(
    (c) => !keys.has(c.name) && !isAudit(c) && !(c.kind === 'text' && NOT_DIMENSION.test(words(c.name))),
  );
  return (
    own.length <= 2 &&
    !ctx.defaultTime.has(info.table.name) &&
    findNamingColumn(info, keys) !== null &&
    ctx.infos.some((o) => o !== info && o.foreignKeys.some((fk) => fk.refTable === info.table.name))
  );
}

/**
 * "Payments", "number of payments": the table's rows (count distinct of its key). A marker
 * table's rows are only "number of premiums": "premiums" and "total premium" are its amount.
 */
function addCount(ctx: TIntrospectContext, { info, time, weight }: TTableMeasures, marker: boolean): void {
  const t = info.table;
  const entity = info.entity;
  const pk = info.primaryKey.length === 1 ? info.primaryKey[0] : null;
  const many = plural(entity);
  // A lookup table (categories, countries) is said as a dimension: "films in the Comedy
  // category", "revenue by country"; its count answers to "number of …" and "how many …".
  const lookup = isLookup(ctx, info) || marker;
  addMeasure(
    ctx,
    {
      kind: 'aggregate',
      name: `${t.name}.count`,
      label: title(many),
      synonyms: [],
      format: 'number',
      table: t.name,
      agg: pk ? 'count_distinct' : 'count',
      ...(pk ? { expr: { table: t.name, col: pk } } : {}),
      time,
    },
    weight,
    lookup ? [`Number of ${title(many)}`] : [title(many), `Number of ${title(many)}`],
    [
      `number of ${many}`,
      `${entity} count`,
      `count of ${many}`,
      ...(marker ? [] : [`total ${many}`]),
      `${many} count`,
      `how many ${many}`,
    ],
    lookup ? [] : synonymsFor(many).filter((s) => !ctx.tableNames.has(phraseKey(s))),
  );
}

/** A numeric column's sum (unless only averaged) and average, with their words. */
function addColumnMeasures(ctx: TIntrospectContext, table: TTableMeasures, c: TIntrospectedColumn): void {
  const { info, time, weight, numeric } = table;
  const t = info.table;
  const entity = info.entity;
  const base = fieldWords(c.name);
  if (isNotMeasure(base)) return;
  // "amount" and "payment amount": the bare words go to the biggest table that has them.
  const long = qualify(entity, base);
  const forms = [...new Set([base, long])];
  const scale = shareScale(c, base);
  const format = formatOf(base, scale);
  // A share summed over rows means nothing: 30 rows at 0.4 are no 1,200 %.
  const averageOnly = AVERAGE_ONLY.test(base) || scale !== null;
  const averageFirst = averageOnly || AVERAGE_FIRST.test(base);
  const expr = shareValue(t.name, c, scale);
  // "resolution hours" is what people call "resolution time" or "resolution duration".
  const duration = /^(.+) (?:hours|hrs|minutes|mins|days|seconds|secs)$/.exec(base);
  const business = [
    ...synonymsFor(base),
    ...(duration ? [`${duration[1]} time`, `${duration[1]} duration`] : []),
    ...bareNames(base, table.entities),
  ];
  // The one money column of a table is what "average payment" means.
  const money = numeric.filter((x) => CURRENCY.test(words(x.name)) && !isNotMeasure(words(x.name)));
  const perRow =
    money.length === 1 && money[0] === c && ROW_VALUE.test(base)
      ? [`average ${entity}`, `avg ${entity}`]
      : [];
  if (!averageOnly) {
    addMeasure(
      ctx,
      {
        kind: 'aggregate',
        name: `${t.name}.${c.name}.sum`,
        label: '',
        synonyms: [],
        format,
        table: t.name,
        agg: 'sum',
        expr,
        time,
      },
      weight,
      forms.map((f) => title(averageFirst ? `total ${f}` : f)),
      forms.flatMap((f) => (averageFirst ? [`sum of ${f}`] : [`total ${f}`, `sum of ${f}`, f])),
      averageFirst ? [] : business.flatMap((b) => (b === 'total' ? [b] : [b, `total ${b}`])),
    );
  }
  addMeasure(
    ctx,
    {
      kind: 'aggregate',
      name: `${t.name}.${c.name}.avg`,
      label: '',
      synonyms: [],
      format,
      table: t.name,
      agg: 'avg',
      expr,
      time,
    },
    weight,
    forms.map((f) => title(`average ${f}`)),
    forms.flatMap((f) => [`avg ${f}`, `mean ${f}`, `average ${f}`, ...(averageFirst ? [f] : [])]),
    [
      ...perRow,
      ...business.flatMap((b) => [`average ${b}`, `avg ${b}`, `mean ${b}`, ...(averageFirst ? [b] : [])]),
    ],
  );
}

/** A line table: price × quantity (× (1 − discount)) is its revenue. */
function addLineRevenue(ctx: TIntrospectContext, table: TTableMeasures): void {
  const { info, time, weight, numeric } = table;
  const t = info.table;
  const col = (test: RegExp): TIntrospectedColumn | undefined =>
    numeric.find((c) => test.test(words(c.name)));
  const price = col(PRICE);
  const quantity = col(QUANTITY);
  if (!price || !quantity || numeric.some((c) => LINE_VALUE.test(words(c.name)) && c !== price)) return;
  const discount = findDiscount(numeric);
  const gross: TModelExpr = {
    op: '*',
    left: { table: t.name, col: price.name },
    right: { table: t.name, col: quantity.name },
  };
  const expr: TModelExpr = discount
    ? {
        op: '*',
        left: gross,
        right: { op: '-', left: { num: 1 }, right: shareValue(t.name, discount, discount.scale) },
      }
    : gross;
  const revenue = `${t.name}.revenue.sum`;
  addMeasure(
    ctx,
    {
      kind: 'aggregate',
      name: revenue,
      label: '',
      synonyms: [],
      format: 'currency',
      table: t.name,
      agg: 'sum',
      expr,
      time,
    },
    weight * 2,
    ['Revenue', title(`${info.entity} revenue`)],
    [
      'revenue',
      'sales',
      'total revenue',
      'total sales',
      'sales amount',
      'turnover',
      'income',
      `${info.entity} value`,
      'gross sales',
      'net sales',
    ],
    ['amount', 'total amount', 'value', 'total value'],
  );
  addHeaderValue(ctx, table, revenue);
}

/**
 * A line's discount as a share of its price (0.15, or 15 of a `discount pct`); unmeasured, a
 * decimal one is read as a fraction. A measured one that is no share (an amount) is left out.
 */
function findDiscount(numeric: TIntrospectedColumn[]): (TIntrospectedColumn & { scale: TShareScale }) | null {
  for (const c of numeric) {
    const base = words(c.name);
    if (!DISCOUNT.test(base)) continue;
    const scale = c.range ? shareScale(c, base) : c.kind === 'integer' ? null : 'fraction';
    if (scale) return { ...c, scale };
  }
  return null;
}

/** The header a line belongs to (the referenced table with a date): its average value. */
function addHeaderValue(
  ctx: TIntrospectContext,
  { info, time, weight }: TTableMeasures,
  revenue: string,
): void {
  const t = info.table;
  const header = info.foreignKeys
    .map((fk) => ({ fk, target: ctx.infoOf.get(fk.refTable)! }))
    .find((x) => x.fk.columns.length === 1 && ctx.defaultTime.has(x.target.table.name));
  if (!header) return;
  const h = header.target.entity;
  const count = `${t.name}.${header.fk.columns[0]}.count_distinct`;
  ctx.model.measures.push({
    kind: 'aggregate',
    name: count,
    label: title(`${plural(h)} with ${plural(info.entity)}`),
    synonyms: [],
    format: 'number',
    table: t.name,
    agg: 'count_distinct',
    expr: { table: t.name, col: header.fk.columns[0] },
    time,
    hidden: true,
  });
  addMeasure(
    ctx,
    {
      kind: 'ratio',
      name: `${t.name}.revenue.per_${words(header.fk.columns[0]).replace(/ /g, '_')}`,
      label: '',
      synonyms: [],
      format: 'currency',
      numerator: revenue,
      denominator: count,
    },
    weight,
    [title(`average ${h} value`)],
    [
      `average ${h} value`,
      `avg ${h} value`,
      `average ${h} size`,
      `average ${h} amount`,
      `mean ${h} value`,
      `${h} value`,
    ],
    ['aov', 'basket size', 'average basket'],
  );
}
