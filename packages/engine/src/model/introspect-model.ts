/**
 * Generates a semantic model for any SQL schema from its introspection (DESIGN §6): numeric
 * columns → sum and average measures, tables → counts, dates → time dimensions, low-cardinality
 * text → dimensions with their values, name columns → dimensions, foreign keys → joins, labels
 * from column names, plus built-in business synonyms.
 */
import type { TIntrospectedColumn, TIntrospectedTable, TIntrospection } from './introspection';
import type { TDimension, TMeasure, TMeasureFormat, TSemanticModel, TTimeDimension } from './semantic-model';

/** Business words people use for the same thing. */
const BUSINESS_SYNONYMS: Record<string, string[]> = {
  amount: ['revenue', 'sales', 'total', 'value'],
  revenue: ['sales', 'amount', 'income', 'turnover'],
  sales: ['revenue', 'amount', 'turnover'],
  total: ['amount', 'revenue', 'sales'],
  price: ['cost', 'amount'],
  customers: ['clients', 'buyers'],
  clients: ['customers'],
  accounts: ['customers', 'clients', 'companies'],
  employees: ['staff', 'headcount', 'people', 'workers'],
  users: ['members', 'people'],
  tickets: ['support tickets', 'cases', 'requests', 'issues'],
  orders: ['purchases', 'transactions'],
  invoices: ['bills', 'billing'],
  shipments: ['deliveries', 'parcels'],
  salary: ['pay', 'wage', 'compensation'],
  satisfaction: ['csat', 'satisfaction score'],
};

const CURRENCY =
  /(amount|revenue|price|cost|sales|mrr|arr|salary|fee|spend|budget|value|total|income|payment|balance)/;
const AVERAGE_FIRST =
  /(rate|ratio|pct|percent|score|rating|age|hours|duration|days|minutes|seconds|nps|satisfaction|price|weight|latency)/;
const PERCENT = /(rate|ratio|pct|percent|share)$/;

function words(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
}

function title(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us)$/.test(word)) return word;
  if (/(x|ch|sh|ses)es$/.test(word)) return word.slice(0, -2);
  return word.replace(/s$/, '');
}

function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

function isKey(table: TIntrospectedTable, column: TIntrospectedColumn): boolean {
  return (
    table.primaryKey.includes(column.name) ||
    table.foreignKeys.some((fk) => fk.columns.includes(column.name)) ||
    /(^id$|_id$|Id$|_key$|_code$)/.test(column.name)
  );
}

function synonymsFor(text: string): string[] {
  const out = new Set<string>();
  for (const [word, list] of Object.entries(BUSINESS_SYNONYMS)) {
    if (text === word || text === singular(word)) for (const s of list) out.add(s);
  }
  return [...out];
}

/** A semantic model for an introspected schema. */
export function generateModel(introspection: TIntrospection, name = 'generated'): TSemanticModel {
  const tables = introspection.tables;
  const model: TSemanticModel = {
    name,
    tables: [],
    joins: [],
    measures: [],
    dimensions: [],
    timeDimensions: [],
  };
  const columnCount = new Map<string, number>();
  for (const t of tables)
    for (const c of t.columns) columnCount.set(c.name, (columnCount.get(c.name) ?? 0) + 1);
  const qualified = (t: TIntrospectedTable, c: TIntrospectedColumn): string =>
    (columnCount.get(c.name) ?? 0) > 1 ? `${singular(words(t.name))} ${words(c.name)}` : words(c.name);

  for (const t of tables) {
    model.tables.push({ name: t.name, label: title(words(t.name)), primaryKey: t.primaryKey });
    for (const fk of t.foreignKeys) {
      if (tables.some((x) => x.name === fk.refTable)) {
        model.joins.push({
          from: t.name,
          fromColumns: fk.columns,
          to: fk.refTable,
          toColumns: fk.refColumns,
        });
      }
    }
    for (const c of t.columns) {
      if (c.kind !== 'date' && c.kind !== 'timestamp') continue;
      const label = title(qualified(t, c));
      const td: TTimeDimension = {
        name: `${t.name}.${c.name}`,
        label,
        // "created", "opened": the participle alone names the date ("accounts created this year").
        synonyms: [
          words(c.name),
          ...words(c.name)
            .split(' ')
            .filter((w) => /ed$/.test(w)),
        ],
        table: t.name,
        column: c.name,
        dataType: c.kind === 'date' ? 'date' : 'timestamp',
      };
      model.timeDimensions.push(td);
    }
  }

  // Each table's date: its own first date column, else the nearest parent's.
  const ownTime = (tableName: string, seen = new Set<string>()): string | null => {
    const own = model.timeDimensions.find((td) => td.table === tableName);
    if (own) return own.name;
    seen.add(tableName);
    for (const j of model.joins.filter((x) => x.from === tableName && !seen.has(x.to))) {
      const parent = ownTime(j.to, seen);
      if (parent) return parent;
    }
    return null;
  };

  const dimensionsByColumn = new Map<string, TDimension>();
  for (const t of tables) {
    const tableWords = words(t.name);
    const time = ownTime(t.name);
    const pk = t.primaryKey.length === 1 ? t.primaryKey[0] : null;
    const countMeasure: TMeasure = {
      kind: 'aggregate',
      name: `${t.name}.count`,
      label: title(plural(singular(tableWords))),
      synonyms: [
        `number of ${plural(singular(tableWords))}`,
        `${singular(tableWords)} count`,
        `count of ${plural(singular(tableWords))}`,
        ...synonymsFor(tableWords).filter((s) => !tables.some((x) => words(x.name) === s)),
      ],
      format: 'number',
      table: t.name,
      agg: pk ? 'count_distinct' : 'count',
      ...(pk ? { expr: { table: t.name, col: pk } } : {}),
      time,
    };
    model.measures.push(countMeasure);

    for (const c of t.columns) {
      if (isKey(t, c)) continue;
      const w = qualified(t, c);
      const base = words(c.name);
      if (c.kind === 'integer' || c.kind === 'decimal' || c.kind === 'float') {
        const format: TMeasureFormat = PERCENT.test(base)
          ? 'percent'
          : CURRENCY.test(base)
            ? 'currency'
            : 'number';
        const averageFirst = AVERAGE_FIRST.test(base);
        const expr = { table: t.name, col: c.name };
        model.measures.push({
          kind: 'aggregate',
          name: `${t.name}.${c.name}.sum`,
          label: title(averageFirst ? `total ${w}` : w),
          synonyms: averageFirst
            ? [`sum of ${w}`]
            : [`total ${w}`, `sum of ${w}`, ...(w === base ? synonymsFor(base) : [])],
          format,
          table: t.name,
          agg: 'sum',
          expr,
          time,
        });
        model.measures.push({
          kind: 'aggregate',
          name: `${t.name}.${c.name}.avg`,
          label: title(`average ${w}`),
          synonyms: [
            `avg ${w}`,
            `mean ${w}`,
            ...(averageFirst ? [w, ...(w === base ? synonymsFor(base) : [])] : []),
          ],
          format,
          table: t.name,
          agg: 'avg',
          expr,
          time,
        });
      } else if (c.kind === 'text' && c.values && c.values.length > 0) {
        // Same-named columns across tables are one dimension; the compiler picks the reachable one.
        const existing = dimensionsByColumn.get(c.name);
        if (existing) {
          existing.sources.push({ table: t.name, column: c.name });
          for (const v of c.values) if (!existing.values.includes(v)) existing.values.push(v);
          continue;
        }
        const dim: TDimension = {
          name: c.name,
          label: title(base),
          synonyms: [plural(base), ...synonymsFor(base)],
          sources: [{ table: t.name, column: c.name }],
          values: [...c.values],
        };
        dimensionsByColumn.set(c.name, dim);
        model.dimensions.push(dim);
      } else if (c.kind === 'text' && /(^|_)(name|title|label)$/.test(c.name)) {
        // Identifying names ("account name") group rows by entity; too many values to index.
        const entity = singular(tableWords);
        model.dimensions.push({
          name: `${t.name}.${c.name}`,
          label: title(base === 'name' ? entity : w),
          synonyms: [`${entity} ${base}`, plural(entity), entity, ...synonymsFor(tableWords)],
          sources: [{ table: t.name, column: c.name }],
          values: [],
        });
      }
    }
  }
  return model;
}
