/**
 * Generates a semantic model for any SQL schema from its introspection (DESIGN §6). The rules
 * only read names, types, keys and sampled values — never the names of a particular schema:
 *
 * - Tables: partitions (a table named after another, with the same columns) fold into their
 *   parent; views of a schema that declares keys are left out; audit dates (last_update,
 *   updated_at, …) are ignored.
 * - Keys: declared primary and foreign keys, else inferred from names (`id` or `<table>_id` is a
 *   table's key; a column named like another table's key, or ending in it, refers to it). A link
 *   table of two references becomes a bridge (many-to-many) join.
 * - Measures: every table counts its rows ("Payments", "number of payments"; count distinct of
 *   its key); numeric columns give sum and average, except keys, references (`*_by`, `*_to`,
 *   `*_via`), flags, year-like, code-like (zip, phone, extension, number) and ordering columns;
 *   rates, ratings and scores only average. A line table with a price and a quantity gets
 *   Revenue (price × quantity × (1 − discount)) and the average value of its header.
 * - Time: date and timestamp columns; a table's default date is its event date (`<table>_date`,
 *   else the first that is not a birth or due date), else its nearest parent's.
 * - Dimensions: each table's naming column (name, `<table>_name`, title, company name, last name,
 *   a lookup's description) is the entity ("Category", "Film"); low-cardinality text with its
 *   values; other short text without values; year-like numbers; flags, whose word is their
 *   true value ("discontinued products"). Free text, contact and address lines are left out.
 * - Words: labels humanised ("invoice_date" → "Invoice Date", table "payment" → "Payments"),
 *   business synonyms (sales/revenue/amount, customers/clients …), and one owner per phrase: a
 *   phrase two measures (or two dimensions) could claim goes to the one serving the bigger
 *   tables (own words count ten times a synonym); the other keeps a name qualified by its table.
 *   A lookup table's bare name is its dimension ("by country"), its count "number of countries".
 */
import type {
  TIntrospectedColumn,
  TIntrospectedForeignKey,
  TIntrospectedTable,
  TIntrospection,
} from './introspection';
import type {
  TDimension,
  TMeasure,
  TMeasureFormat,
  TModelExpr,
  TModelJoin,
  TSemanticModel,
  TTimeDimension,
} from './semantic-model';

/** Business words people use for the same thing (keys and synonyms are singular or plural as said). */
const BUSINESS_SYNONYMS: Record<string, string[]> = {
  amount: ['revenue', 'sales', 'total', 'value', 'income', 'turnover'],
  revenue: ['sales', 'amount', 'income', 'turnover'],
  sales: ['revenue', 'amount', 'turnover', 'income'],
  total: ['amount', 'revenue', 'sales'],
  'total amount': ['amount', 'revenue', 'sales', 'total'],
  price: ['cost', 'amount'],
  'unit price': ['price'],
  quantity: ['units', 'units sold', 'items sold', 'volume', 'qty'],
  qty: ['quantity', 'units'],
  freight: ['shipping cost', 'shipping costs', 'freight cost', 'freight costs'],
  'shipping cost': ['freight'],
  customers: ['clients', 'buyers'],
  clients: ['customers'],
  accounts: ['customers', 'clients', 'companies'],
  employees: ['staff', 'headcount', 'workers'],
  staff: ['employees', 'workers'],
  users: ['members'],
  tickets: ['support tickets', 'cases', 'support cases', 'requests', 'support requests', 'issues'],
  orders: ['purchases'],
  invoices: ['bills', 'billing'],
  shipments: ['deliveries', 'parcels'],
  films: ['movies'],
  film: ['movie'],
  products: ['items'],
  product: ['item'],
  suppliers: ['vendors'],
  supplier: ['vendor'],
  shippers: ['carriers', 'shipping companies'],
  shipper: ['carrier', 'shipping company'],
  salary: ['pay', 'wage', 'compensation'],
  satisfaction: ['csat', 'satisfaction score'],
};

const CURRENCY =
  /\b(amount|revenue|price|cost|sales|mrr|arr|salary|fee|spend|budget|value|total|income|payment|balance|freight)\b/;
/** Said as averages first ("resolution hours" means the average). */
const AVERAGE_FIRST =
  /\b(rate|ratio|pct|percent|score|rating|age|hours|duration|days|minutes|seconds|nps|satisfaction|price|weight|latency|length|width|height|size|discount|temperature|level)\b/;
/** Meaningless as sums: only averaged. */
const AVERAGE_ONLY = /\b(rate|ratio|pct|percent|percentage|score|rating|stars|grade|nps|satisfaction|csat)\b/;
const PERCENT = /(rate|ratio|pct|percent|share)$/;

/** Dates that only record when a row was touched, never a business event. */
const AUDIT =
  /^(last )?(update|updated|modified|modification|changed|change|synced|sync|edited|deleted|inserted|loaded|load|etl|ingested|row)( at| on| date| time| ts| timestamp| datetime)?$/;
/** Dates about the entity rather than an event of the table (not its default date). */
const NOT_EVENT = /\b(birth|born|dob|expiry|expires|expiration|valid|due|required|deadline)\b/;
/** Text that is never grouped by: free text, contact details, address lines, secrets, files. */
const NOT_DIMENSION =
  /\b(address|address2|street|email|mail|phone|fax|mobile|tel|url|homepage|website|web|password|hash|token|secret|salt|picture|photo|image|avatar|logo|note|notes|comment|comments|remark|remarks|description|fulltext|body|content|path|file|postal|zip|postcode|ip|uuid|guid|extension|username|login|feature|features)\b/;
/** Parts of a person's name; grouped by only as the entity of a person table. */
const NAME_PART = /^(first|last|middle|given|family|sur|contact)( name)?$|^(firstname|lastname|surname)$/;
/** Numbers that are identifiers, codes, flags, calendar parts or ordering, not quantities. */
const NOT_MEASURE_WORD =
  /\b(id|key|uuid|code|zip|postal|postcode|zipcode|phone|fax|extension|ext|lat|lng|lon|latitude|longitude|version|seq|sequence|ordinal|index|position|sort|rank|year|yr|month|day|week|quarter|hour|weekday|flag|bool|boolean|active|enabled|disabled|deleted|discontinued|archived|visible|hidden|parent)\b/;
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
/** Yes/no columns: booleans, and 0/1 integers named like a state ("discontinued", "is_active"). */
const FLAG =
  /^(is|has|can) |^(active|inactive|enabled|disabled|deleted|discontinued|archived|visible|hidden|verified|blocked|cancelled|canceled|closed|paid|refunded|published|approved)( flag| bool|bool)?$/;
const OPPOSITES: Record<string, string> = { active: 'inactive', enabled: 'disabled', visible: 'hidden' };
const isFlag = (c: TIntrospectedColumn): boolean =>
  (c.kind === 'boolean' || c.kind === 'integer') && FLAG.test(words(c.name));
/** The state a flag names: "is_active" → "active", "activebool" → "active". */
const flagWord = (c: TIntrospectedColumn): string =>
  words(c.name)
    .replace(/^(is|has|can) /, '')
    .replace(/( flag| bool|bool)$/, '');
/** Calendar-like numbers that are worth grouping by ("films by release year"). */
const YEAR_LIKE = /\b(year|yr)\b/;
const PRICE = /^(unit )?(price|cost)$|^(sale|selling|list|retail|item) price$/;
const QUANTITY = /^(quantity|qty|units|unit count|quantity ordered|quantity sold|units sold|count)$/;
const DISCOUNT = /^(discount|discount rate|discount pct|discount percent)$/;
/** The value of the row itself (a payment's amount), unlike a unit price or a cost. */
const ROW_VALUE = /\b(amount|total|value|revenue|sales|fee|income|charge|paid)\b/;
/** A table that already stores a line's value has no need of a derived one. */
const LINE_VALUE = /\b(amount|total|revenue|sales|subtotal|extended price|line total|value)\b/;
/** Words a value must not take over: everyday question words. */
const COMMON_WORDS = new Set(
  'a i new old all other others none total top best worst last first next this today month year week day quarter yes no true false unknown n/a na null average sum count'.split(
    ' ',
  ),
);
const UNCOUNTABLE = new Set([
  'traffic',
  'usage',
  'revenue',
  'income',
  'spend',
  'mail',
  'staff',
  'inventory',
  'equipment',
  'information',
  'data',
  'feedback',
  'stock',
  'personnel',
  'media',
  'news',
  'series',
  'software',
]);
const IRREGULAR: Record<string, string> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  movies: 'movie',
  cookies: 'cookie',
  series: 'series',
  species: 'species',
  analyses: 'analysis',
};
const PARTICIPLES: Record<string, string> = {
  create: 'created',
  creation: 'created',
  ship: 'shipped',
  order: 'ordered',
  hire: 'hired',
  open: 'opened',
  close: 'closed',
  return: 'returned',
  pay: 'paid',
  payment: 'paid',
  deliver: 'delivered',
  delivery: 'delivered',
  register: 'registered',
  registration: 'registered',
  signup: 'signed up',
  cancel: 'cancelled',
  start: 'started',
  end: 'ended',
  invoice: 'invoiced',
  rental: 'rented',
  rent: 'rented',
  purchase: 'purchased',
  sale: 'sold',
  resolve: 'resolved',
  resolution: 'resolved',
  book: 'booked',
  booking: 'booked',
  join: 'joined',
  publish: 'published',
};

function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

function title(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

function singularWord(word: string): string {
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (UNCOUNTABLE.has(word) || word.length <= 3) return word;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|zz|us)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  return word.replace(/s$/, '');
}

function pluralWord(word: string): string {
  if (UNCOUNTABLE.has(word)) return word;
  const irregular = Object.entries(IRREGULAR).find(([, s]) => s === word);
  if (irregular) return irregular[0];
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|ch|sh|z)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The last word of a phrase in singular or plural ("order details" → "order detail"). */
function singular(phrase: string): string {
  const parts = phrase.split(' ');
  parts[parts.length - 1] = singularWord(parts[parts.length - 1]);
  return parts.join(' ');
}

function plural(phrase: string): string {
  const parts = phrase.split(' ');
  parts[parts.length - 1] = pluralWord(parts[parts.length - 1]);
  return parts.join(' ');
}

/** A spelling-insensitive key of a phrase: lower case, every word singular. */
function phraseKey(phrase: string): string {
  return phrase
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map(singularWord)
    .join(' ');
}

/** A column name without separators or case, for matching keys ("customerID" = "customer_id"). */
function flat(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function synonymsFor(text: string): string[] {
  const out = new Set<string>();
  for (const [word, list] of Object.entries(BUSINESS_SYNONYMS)) {
    if (text === word || text === singular(word) || singular(text) === word) for (const s of list) out.add(s);
  }
  return [...out];
}

const isNumeric = (c: TIntrospectedColumn): boolean =>
  c.kind === 'integer' || c.kind === 'decimal' || c.kind === 'float';
const isTime = (c: TIntrospectedColumn): boolean => c.kind === 'date' || c.kind === 'timestamp';
const isAudit = (c: TIntrospectedColumn): boolean => isTime(c) && AUDIT.test(words(c.name));

/**
 * Views (and never-filled materialised views) of a schema that declares its keys: they repeat
 * what the tables already say, under names nobody asks by. Without declared keys (files, many
 * warehouses) every relation is kept.
 */
function isView(t: TIntrospectedTable, introspection: TIntrospection): boolean {
  if (t.view !== undefined) return t.view;
  const declared = introspection.tables.some((x) => x.foreignKeys.length > 0);
  return (
    declared &&
    t.primaryKey.length === 0 &&
    t.foreignKeys.length === 0 &&
    (t.rowCount === null || t.rowCount === 0)
  );
}

interface TTableInfo {
  table: TIntrospectedTable;
  /** Singular words naming one row: "payment", "order detail". */
  entity: string;
  primaryKey: string[];
  foreignKeys: TIntrospectedForeignKey[];
  /** A link table of a many-to-many relation. */
  bridge: boolean;
  /** Rows, partitions included; 0 when unknown. */
  rows: number;
}

/** Tables whose name extends another's and whose columns are the same: partitions and copies. */
function foldPartitions(tables: TIntrospectedTable[]): {
  tables: TIntrospectedTable[];
  rows: Map<string, number>;
} {
  const signature = (t: TIntrospectedTable): string => t.columns.map((c) => c.name).join(',');
  const rows = new Map<string, number>();
  const parents = new Map<string, TIntrospectedTable>();
  for (const t of tables) {
    const parent = tables.find(
      (p) =>
        p !== t &&
        t.name.length > p.name.length + 1 &&
        t.name.startsWith(p.name) &&
        /^[_\-.$]/.test(t.name.slice(p.name.length)) &&
        /\d|default|old|archive|backup|bak|copy|max|min|hist|history/i.test(t.name.slice(p.name.length)) &&
        signature(p) === signature(t),
    );
    if (parent) parents.set(t.name, parent);
  }
  const kept = tables
    .filter((t) => !parents.has(t.name))
    .map((t) => ({ ...t, primaryKey: [...t.primaryKey], foreignKeys: [...t.foreignKeys] }));
  for (const t of kept) rows.set(t.name, Math.max(0, t.rowCount ?? 0));
  for (const [child, parent] of parents) {
    const p = kept.find((k) => k.name === parent.name);
    const c = tables.find((x) => x.name === child)!;
    if (!p) continue;
    rows.set(p.name, (rows.get(p.name) ?? 0) + Math.max(0, c.rowCount ?? 0));
    if (p.primaryKey.length === 0) p.primaryKey = [...c.primaryKey];
    for (const fk of c.foreignKeys) {
      if (
        !p.foreignKeys.some((x) => x.columns.join(',') === fk.columns.join(',') && x.refTable === fk.refTable)
      )
        p.foreignKeys.push(fk);
    }
  }
  return { tables: kept, rows };
}

/** The key of a table: declared, else `id`, `<table>_id` or `<table>_key` (any spelling). */
function inferPrimaryKey(t: TIntrospectedTable, entity: string): string[] {
  if (t.primaryKey.length > 0) return t.primaryKey;
  const names = new Set(
    [entity, plural(entity), words(t.name)].flatMap((e) => {
      const f = flat(e);
      return [`${f}id`, `${f}key`];
    }),
  );
  const candidates = t.columns.filter((c) => c.kind === 'integer' || c.kind === 'text' || c.kind === 'other');
  const exact =
    candidates.find((c) => flat(c.name) === 'id') ?? candidates.find((c) => names.has(flat(c.name)));
  return exact ? [exact.name] : [];
}

function compatible(a: TIntrospectedColumn, b: TIntrospectedColumn): boolean {
  const group = (c: TIntrospectedColumn): string =>
    c.kind === 'integer' || c.kind === 'decimal' ? 'number' : c.kind === 'text' ? 'text' : c.kind;
  return group(a) === group(b) || a.kind === 'other' || b.kind === 'other';
}

/** Foreign keys a schema did not declare, from names: `customer_id` → the table keyed by it. */
function inferForeignKeys(info: TTableInfo, all: TTableInfo[]): TIntrospectedForeignKey[] {
  const t = info.table;
  const declared = new Set(info.foreignKeys.flatMap((fk) => fk.columns));
  const out: TIntrospectedForeignKey[] = [];
  for (const c of t.columns) {
    if (declared.has(c.name) || (info.primaryKey.length === 1 && info.primaryKey[0] === c.name)) continue;
    if (!(c.kind === 'integer' || c.kind === 'text' || c.kind === 'other')) continue;
    const f = flat(c.name);
    let target: { table: TTableInfo; column: string } | null = null;
    for (const other of all) {
      if (other === info || other.primaryKey.length !== 1) continue;
      const pk = other.primaryKey[0];
      const pkColumn = other.table.columns.find((x) => x.name === pk);
      if (!pkColumn || !compatible(c, pkColumn)) continue;
      const fpk = flat(pk);
      const entityKeys = [other.entity, plural(other.entity), words(other.table.name)].map(
        (e) => `${flat(e)}id`,
      );
      const match =
        (fpk !== 'id' && (f === fpk || (f.endsWith(fpk) && words(c.name).endsWith(words(pk))))) ||
        (fpk === 'id' && entityKeys.includes(f));
      if (match && (!target || flat(target.column).length < fpk.length))
        target = { table: other, column: pk };
    }
    if (target)
      out.push({ columns: [c.name], refTable: target.table.table.name, refColumns: [target.column] });
  }
  return out;
}

/** The column naming a table's rows, if any: name, title, company name, last name … */
function findNamingColumn(info: TTableInfo, keys: Set<string>): TIntrospectedColumn | null {
  const t = info.table;
  const text = t.columns.filter((c) => c.kind === 'text' && !keys.has(c.name));
  const entity = info.entity;
  const last = entity.split(' ').at(-1)!;
  const w = (c: TIntrospectedColumn): string => words(c.name);
  const usable = text.filter((c) => !NOT_DIMENSION.test(w(c)) || /\bdescription\b/.test(w(c)));
  const hasPersonName = text.some((c) => NAME_PART.test(w(c)) && !/contact/.test(w(c)));
  const pick = (test: (x: string) => boolean): TIntrospectedColumn | null =>
    usable.find((c) => !NOT_DIMENSION.test(w(c)) && test(w(c))) ?? null;
  const lookup =
    t.columns.filter((c) => !isAudit(c) && !keys.has(c.name)).length === 1 ||
    t.columns.filter((c) => !isAudit(c)).length <= 3;
  return (
    pick(
      (x) => x === 'name' || x === `${entity} name` || x === `${last} name` || x === `${words(t.name)} name`,
    ) ??
    pick((x) => x === entity || x === last || x === words(t.name)) ??
    (hasPersonName ? null : pick((x) => x === 'title' || x === `${entity} title`)) ??
    pick((x) =>
      /^(company|full|display|business|organisation|organization|brand|trading) name$|^(fullname|company|label)$/.test(
        x,
      ),
    ) ??
    pick((x) => /^(last name|lastname|surname|family name)$/.test(x)) ??
    (lookup
      ? (usable.find((c) => /^(.* )?(description|desc|label|title)$/.test(w(c)) && !NAME_PART.test(w(c))) ??
        null)
      : null)
  );
}

interface TPhraseOwner {
  kind: 'measure' | 'dimension';
  name: string;
  /** The size of the tables the field serves: the bigger wins a shared phrase. */
  weight: number;
  /** 0 for the field's own words (worth ten times the weight), 1 for business synonyms. */
  tier: number;
}

/** A semantic model for an introspected schema. */
export function generateModel(introspection: TIntrospection, name = 'generated'): TSemanticModel {
  const folded = foldPartitions(introspection.tables.filter((t) => !isView(t, introspection)));
  const model: TSemanticModel = {
    name,
    tables: [],
    joins: [],
    measures: [],
    dimensions: [],
    timeDimensions: [],
  };

  // Keys, declared or inferred.
  const infos: TTableInfo[] = folded.tables.map((t) => {
    const entity = singular(words(t.name));
    return {
      table: t,
      entity,
      primaryKey: inferPrimaryKey(t, entity),
      foreignKeys: t.foreignKeys.filter((fk) => folded.tables.some((x) => x.name === fk.refTable)),
      bridge: false,
      rows: folded.rows.get(t.name) ?? 0,
    };
  });
  for (const info of infos) info.foreignKeys.push(...inferForeignKeys(info, infos));
  for (const info of infos) {
    const fkColumns = new Set(info.foreignKeys.flatMap((fk) => fk.columns));
    const rest = info.table.columns.filter((c) => !fkColumns.has(c.name) && !isAudit(c));
    const targets = new Set(info.foreignKeys.map((fk) => fk.refTable));
    // Two references and nothing else (at most a key of its own), and never referred to.
    info.bridge =
      targets.size === 2 &&
      info.foreignKeys.length === 2 &&
      rest.every((c) => info.primaryKey.includes(c.name) && c.kind !== 'text');
  }
  for (const info of infos) {
    if (infos.some((other) => other.foreignKeys.some((fk) => fk.refTable === info.table.name)))
      info.bridge = false;
  }
  const infoOf = new Map(infos.map((i) => [i.table.name, i]));
  const keyColumns = new Map(
    infos.map((i) => [
      i.table.name,
      new Set([...i.primaryKey, ...i.foreignKeys.flatMap((fk) => fk.columns)]),
    ]),
  );
  const isKey = (info: TTableInfo, c: TIntrospectedColumn): boolean =>
    keyColumns.get(info.table.name)!.has(c.name) ||
    /^(id|uuid|guid)$|( |^)(id|key|uuid|guid)$/.test(words(c.name));

  // Joins: declared and inferred references, in column order; bridges both ways into the link table.
  for (const info of infos) {
    const position = (fk: TIntrospectedForeignKey): number =>
      info.table.columns.findIndex((c) => c.name === fk.columns[0]);
    for (const fk of [...info.foreignKeys].sort((a, b) => position(a) - position(b))) {
      if (fk.refTable === info.table.name) continue;
      model.joins.push({
        from: info.table.name,
        fromColumns: fk.columns,
        to: fk.refTable,
        toColumns: fk.refColumns,
      });
    }
  }
  for (const info of infos.filter((i) => i.bridge)) {
    for (const fk of info.foreignKeys) {
      const join: TModelJoin = {
        from: fk.refTable,
        fromColumns: fk.refColumns,
        to: info.table.name,
        toColumns: fk.columns,
        bridge: true,
      };
      model.joins.push(join);
    }
  }

  // Column names shared by tables get their table's name in labels ("Product Unit Price").
  const columnCount = new Map<string, number>();
  for (const i of infos)
    for (const c of i.table.columns)
      columnCount.set(words(c.name), (columnCount.get(words(c.name)) ?? 0) + 1);
  const qualified = (info: TTableInfo, c: TIntrospectedColumn): string => {
    const w = words(c.name);
    if ((columnCount.get(w) ?? 0) <= 1 || w.startsWith(`${info.entity} `)) return w;
    return `${info.entity} ${w}`;
  };

  // Time dimensions.
  const defaultTime = new Map<string, string>();
  for (const info of infos) {
    const t = info.table;
    model.tables.push({ name: t.name, label: title(plural(info.entity)), primaryKey: info.primaryKey });
    const dates = t.columns.filter((c) => isTime(c) && !isAudit(c));
    for (const c of dates) {
      const w = qualified(info, c);
      const base = words(c.name);
      const participles = base
        .split(' ')
        .flatMap((x) => (/ed$/.test(x) ? [x] : PARTICIPLES[x] ? [PARTICIPLES[x]] : []));
      const td: TTimeDimension = {
        name: `${t.name}.${c.name}`,
        label: title(w),
        // "created", "shipped": the participle alone names the date ("orders shipped last month").
        synonyms: [...new Set([base, w, ...participles])],
        table: t.name,
        column: c.name,
        dataType: c.kind === 'date' ? 'date' : 'timestamp',
      };
      model.timeDimensions.push(td);
    }
    // The event date: "<table>_date", "date", "created…", else the first that is not a birth or due date.
    const event =
      dates.find((c) =>
        [`${info.entity} date`, `${info.entity} time`, `${info.entity} at`, 'date'].includes(words(c.name)),
      ) ?? dates.find((c) => !NOT_EVENT.test(words(c.name)));
    if (event && !info.bridge) defaultTime.set(t.name, `${t.name}.${event.name}`);
  }
  // Each table's date: its own event date, else the nearest parent's.
  const ownTime = (tableName: string): string | null => {
    const seen = new Set([tableName]);
    let level = [tableName];
    while (level.length > 0) {
      for (const t of level) {
        const own = defaultTime.get(t);
        if (own) return own;
      }
      const next: string[] = [];
      for (const t of level)
        for (const j of model.joins)
          if (j.from === t && !j.bridge && !seen.has(j.to)) {
            seen.add(j.to);
            next.push(j.to);
          }
      level = next;
    }
    return null;
  };

  // Phrases, resolved at the end so that each names one measure and one dimension.
  const claims = new Map<string, TPhraseOwner[]>();
  const claim = (phrase: string, owner: TPhraseOwner): void => {
    const key = phraseKey(phrase);
    if (!key) return;
    const list = claims.get(key) ?? [];
    const existing = list.find((o) => o.kind === owner.kind && o.name === owner.name);
    if (existing) existing.tier = Math.min(existing.tier, owner.tier);
    else list.push({ ...owner });
    claims.set(key, list);
  };
  /** Candidate labels in order of preference, the last one unique to the field. */
  const labelChoices = new Map<string, string[]>();
  const phrases = new Map<string, { phrase: string; tier: number }[]>();
  const offer = (
    kind: 'measure' | 'dimension',
    fieldName: string,
    weight: number,
    list: { phrase: string; tier: number }[],
  ): void => {
    const id = `${kind}:${fieldName}`;
    phrases.set(id, [...(phrases.get(id) ?? []), ...list]);
    for (const p of list) claim(p.phrase, { kind, name: fieldName, weight, tier: p.tier });
  };

  // How much a table's fields matter: the rows of the tables that reach it.
  const reachWeight = new Map<string, number>();
  {
    const parents = new Map<string, string[]>();
    for (const j of model.joins) if (!j.bridge) parents.set(j.from, [...(parents.get(j.from) ?? []), j.to]);
    for (const info of infos) reachWeight.set(info.table.name, 0);
    for (const info of infos) {
      if (info.bridge) continue;
      const reached = new Set([info.table.name]);
      const queue = [info.table.name];
      while (queue.length > 0)
        for (const next of parents.get(queue.shift()!) ?? [])
          if (!reached.has(next)) {
            reached.add(next);
            queue.push(next);
          }
      for (const t of reached) reachWeight.set(t, (reachWeight.get(t) ?? 0) + Math.max(1, info.rows));
    }
  }

  const addMeasure = (
    m: TMeasure,
    weight: number,
    labels: string[],
    own: string[],
    business: string[],
  ): void => {
    model.measures.push(m);
    labelChoices.set(`measure:${m.name}`, labels);
    offer('measure', m.name, weight, [
      ...labels.map((phrase) => ({ phrase, tier: 0 })),
      ...own.map((phrase) => ({ phrase, tier: 0 })),
      ...business.map((phrase) => ({ phrase, tier: 1 })),
    ]);
  };

  const tableNames = new Set(infos.map((i) => phraseKey(words(i.table.name))));
  const isLookup = (info: TTableInfo): boolean => {
    const keys = keyColumns.get(info.table.name)!;
    const own = info.table.columns.filter(
      (c) => !keys.has(c.name) && !isAudit(c) && !(c.kind === 'text' && NOT_DIMENSION.test(words(c.name))),
    );
    return (
      own.length <= 2 &&
      !defaultTime.has(info.table.name) &&
      findNamingColumn(info, keys) !== null &&
      infos.some((o) => o !== info && o.foreignKeys.some((fk) => fk.refTable === info.table.name))
    );
  };
  for (const info of infos) {
    if (info.bridge) continue;
    const t = info.table;
    const entity = info.entity;
    const time = ownTime(t.name);
    const weight = Math.max(1, info.rows);
    const pk = info.primaryKey.length === 1 ? info.primaryKey[0] : null;
    const many = plural(entity);
    // A lookup table (categories, countries) is said as a dimension: "films in the Comedy
    // category", "revenue by country"; its count answers to "number of …" and "how many …".
    const lookup = isLookup(info);
    addMeasure(
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
        `total ${many}`,
        `${many} count`,
        `how many ${many}`,
      ],
      lookup ? [] : synonymsFor(many).filter((s) => !tableNames.has(phraseKey(s))),
    );

    const numeric = t.columns.filter((c) => isNumeric(c) && !isKey(info, c) && !isAudit(c));
    for (const c of numeric) {
      const base = words(c.name);
      if (isNotMeasure(base)) continue;
      // "amount" and "payment amount": the bare words go to the biggest table that has them.
      const long = base.startsWith(`${entity} `) ? base : `${entity} ${base}`;
      const forms = [...new Set([base, long])];
      const format: TMeasureFormat = PERCENT.test(base)
        ? 'percent'
        : CURRENCY.test(base)
          ? 'currency'
          : 'number';
      const averageOnly = AVERAGE_ONLY.test(base);
      const averageFirst = averageOnly || AVERAGE_FIRST.test(base);
      const expr = { table: t.name, col: c.name };
      // "resolution hours" is what people call "resolution time" or "resolution duration".
      const duration = /^(.+) (?:hours|hrs|minutes|mins|days|seconds|secs)$/.exec(base);
      const business = [
        ...synonymsFor(base),
        ...(duration ? [`${duration[1]} time`, `${duration[1]} duration`] : []),
      ];
      // The one money column of a table is what "average payment" means.
      const money = numeric.filter((x) => CURRENCY.test(words(x.name)) && !isNotMeasure(words(x.name)));
      const perRow =
        money.length === 1 && money[0] === c && ROW_VALUE.test(base)
          ? [`average ${entity}`, `avg ${entity}`]
          : [];
      if (!averageOnly) {
        addMeasure(
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

    // A line table: price × quantity (× (1 − discount)) is its revenue.
    const col = (test: RegExp): TIntrospectedColumn | undefined =>
      numeric.find((c) => test.test(words(c.name)));
    const price = col(PRICE);
    const quantity = col(QUANTITY);
    if (price && quantity && !numeric.some((c) => LINE_VALUE.test(words(c.name)) && c !== price)) {
      const discount = numeric.find((c) => DISCOUNT.test(words(c.name)) && c.kind !== 'integer');
      const gross: TModelExpr = {
        op: '*',
        left: { table: t.name, col: price.name },
        right: { table: t.name, col: quantity.name },
      };
      const expr: TModelExpr = discount
        ? {
            op: '*',
            left: gross,
            right: { op: '-', left: { num: 1 }, right: { table: t.name, col: discount.name } },
          }
        : gross;
      const revenue = `${t.name}.revenue.sum`;
      addMeasure(
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
        ['Revenue', title(`${entity} revenue`)],
        [
          'revenue',
          'sales',
          'total revenue',
          'total sales',
          'sales amount',
          'turnover',
          'income',
          `${entity} value`,
          'gross sales',
          'net sales',
        ],
        ['amount', 'total amount', 'value', 'total value'],
      );
      // The header it belongs to (the referenced table with a date): its average value.
      const header = info.foreignKeys
        .map((fk) => ({ fk, target: infoOf.get(fk.refTable)! }))
        .find((x) => x.fk.columns.length === 1 && defaultTime.has(x.target.table.name));
      if (header) {
        const h = header.target.entity;
        const count = `${t.name}.${header.fk.columns[0]}.count_distinct`;
        model.measures.push({
          kind: 'aggregate',
          name: count,
          label: title(`${plural(h)} with ${plural(entity)}`),
          synonyms: [],
          format: 'number',
          table: t.name,
          agg: 'count_distinct',
          expr: { table: t.name, col: header.fk.columns[0] },
          time,
          hidden: true,
        });
        addMeasure(
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
    }
  }

  // Dimensions.
  const dimensionsByColumn = new Map<string, TDimension>();
  const entityDimension = new Map<string, TDimension>();
  const cleanValues = (values: string[] | null): string[] => {
    if (!values) return [];
    const trimmed = values.filter((v) => v.trim() !== '');
    // Free text is not grouped by: long values mean descriptions, not categories.
    if (trimmed.some((v) => v.length > 60)) return [];
    return trimmed;
  };
  const isFreeText = (c: TIntrospectedColumn): boolean => c.values?.some((v) => v.length > 60) ?? false;
  for (const info of infos) {
    if (info.bridge) continue;
    const t = info.table;
    const keys = new Set([...keyColumns.get(t.name)!]);
    const weight = Math.max(1, reachWeight.get(t.name) ?? 0);
    const naming = findNamingColumn(info, keys);
    if (naming && !isFreeText(naming)) {
      const entity = info.entity;
      const base = words(naming.name);
      const dim: TDimension = {
        name: `${t.name}.${naming.name}`,
        label: '',
        synonyms: [],
        sources: [{ table: t.name, column: naming.name }],
        values: cleanValues(naming.values),
      };
      model.dimensions.push(dim);
      entityDimension.set(t.name, dim);
      const labels = [title(entity), title(base.includes(entity) ? base : `${entity} ${base}`)];
      labelChoices.set(`dimension:${dim.name}`, labels);
      offer('dimension', dim.name, weight, [
        ...labels.map((phrase) => ({ phrase, tier: 0 })),
        { phrase: plural(entity), tier: 0 },
        { phrase: `${entity} name`, tier: 0 },
        ...(base === 'name' || base === entity ? [] : [{ phrase: base, tier: 1 }]),
        ...synonymsFor(plural(entity))
          .filter((s) => !tableNames.has(phraseKey(s)))
          .map((phrase) => ({ phrase, tier: 1 })),
        ...synonymsFor(entity).map((phrase) => ({ phrase, tier: 1 })),
      ]);
    }
    for (const c of t.columns) {
      if (c === naming || isKey(info, c) || isAudit(c)) continue;
      const base = words(c.name);
      if (c.kind === 'text') {
        if (NOT_DIMENSION.test(base) || NAME_PART.test(base) || isFreeText(c)) continue;
        if (/( |^)name$/.test(base) && !c.values) continue;
        // Same-named columns across tables are one dimension; the compiler picks the reachable one.
        const existing = dimensionsByColumn.get(base);
        if (existing) {
          existing.sources.push({ table: t.name, column: c.name });
          for (const v of cleanValues(c.values)) if (!existing.values.includes(v)) existing.values.push(v);
          bumpWeight(claims, 'dimension', existing.name, weight);
          continue;
        }
        const dim: TDimension = {
          name: `${t.name}.${c.name}`,
          label: '',
          synonyms: [],
          sources: [{ table: t.name, column: c.name }],
          values: cleanValues(c.values),
        };
        dimensionsByColumn.set(base, dim);
        model.dimensions.push(dim);
        labelChoices.set(`dimension:${dim.name}`, [title(base), title(`${info.entity} ${base}`)]);
        offer('dimension', dim.name, weight, [
          { phrase: base, tier: 0 },
          { phrase: plural(base), tier: 0 },
          { phrase: `${info.entity} ${base}`, tier: 0 },
          ...synonymsFor(base).map((phrase) => ({ phrase, tier: 1 })),
        ]);
      } else if (isFlag(c)) {
        // "discontinued products", "active customers": the flag's word is its true value.
        const word = flagWord(c);
        if (c.kind === 'integer' && t.columns.some((x) => x.kind === 'boolean' && flagWord(x) === word))
          continue;
        const [yes, no] = c.kind === 'boolean' ? ['true', 'false'] : ['1', '0'];
        const dim: TDimension = {
          name: `${t.name}.${c.name}`,
          label: '',
          synonyms: [],
          sources: [{ table: t.name, column: c.name }],
          values: [],
          valueSynonyms: { [word]: yes, ...(OPPOSITES[word] ? { [OPPOSITES[word]]: no } : {}) },
        };
        model.dimensions.push(dim);
        labelChoices.set(`dimension:${dim.name}`, [title(`is ${word}`), title(`${info.entity} is ${word}`)]);
        offer('dimension', dim.name, weight, [{ phrase: `is ${word}`, tier: 0 }]);
      } else if (isNumeric(c) && YEAR_LIKE.test(base) && !/\b(years|age)\b/.test(base)) {
        const dim: TDimension = {
          name: `${t.name}.${c.name}`,
          label: '',
          synonyms: [],
          sources: [{ table: t.name, column: c.name }],
          values: [],
        };
        model.dimensions.push(dim);
        labelChoices.set(`dimension:${dim.name}`, [title(base), title(`${info.entity} ${base}`)]);
        offer('dimension', dim.name, weight, [
          { phrase: base, tier: 0 },
          { phrase: `${info.entity} ${base}`, tier: 0 },
        ]);
      }
    }
  }
  // "film category", "product category": the entity as named from the tables that refer to it.
  for (const info of infos) {
    for (const fk of info.foreignKeys) {
      const dim = entityDimension.get(fk.refTable);
      const target = infoOf.get(fk.refTable)!;
      if (!dim) continue;
      const from = info.bridge
        ? infos.find((x) => x !== target && info.foreignKeys.some((k) => k.refTable === x.table.name))
        : info;
      if (!from) continue;
      const weight = Math.max(1, reachWeight.get(fk.refTable) ?? 0);
      const prefix = from.entity;
      if (prefix.includes(' ') || target.entity.startsWith(`${prefix} `) || target.entity === prefix)
        continue;
      offer('dimension', dim.name, weight, [
        { phrase: `${prefix} ${target.entity}`, tier: 1 },
        { phrase: `${prefix} ${plural(target.entity)}`, tier: 1 },
      ]);
    }
  }
  // A prefixed copy of a dimension ("ship country" beside "country") leaves its values to it.
  for (const d of model.dimensions) {
    const w = words(d.sources[0].column);
    for (const other of model.dimensions) {
      if (other === d) continue;
      const ow = words(other.sources[0].column);
      if (w.endsWith(` ${ow}`) && other.values.length > 0) {
        const theirs = new Set(other.values.map((v) => v.toLowerCase()));
        d.values = d.values.filter((v) => !theirs.has(v.toLowerCase()));
      }
    }
  }
  // A value said in many ways or everyday words is not indexed.
  for (const d of model.dimensions)
    d.values = d.values.filter((v) => !COMMON_WORDS.has(v.trim().toLowerCase()));

  // Each phrase to one measure and one dimension: the field on the bigger tables, own words first.
  const owner = new Map<string, string>();
  for (const [key, list] of claims) {
    for (const kind of ['measure', 'dimension'] as const) {
      const mine = list.filter((o) => o.kind === kind);
      if (mine.length === 0) continue;
      // The field's own words count ten times a business synonym; then the bigger tables win.
      const score = (o: TPhraseOwner): number => o.weight * (o.tier === 0 ? 10 : 1);
      const best = [...mine].sort((a, b) => score(b) - score(a))[0];
      const rivals = mine.filter((o) => score(o) === score(best));
      // An even tie names no one: the fields keep their qualified names.
      if (rivals.length === 1) owner.set(`${kind}:${key}`, best.name);
    }
  }
  const owns = (kind: 'measure' | 'dimension', fieldName: string, phrase: string): boolean =>
    owner.get(`${kind}:${phraseKey(phrase)}`) === fieldName;
  const usedLabels = new Set<string>();
  const finish = (kind: 'measure' | 'dimension', field: TMeasure | TDimension): void => {
    const id = `${kind}:${field.name}`;
    const choices = labelChoices.get(id) ?? [field.label];
    const label =
      choices.find((l) => owns(kind, field.name, l) && !usedLabels.has(l.toLowerCase())) ??
      choices.find((l) => !usedLabels.has(l.toLowerCase())) ??
      `${choices.at(-1)} (${field.name})`;
    usedLabels.add(label.toLowerCase());
    field.label = label;
    const synonyms = new Set<string>();
    for (const p of phrases.get(id) ?? []) {
      if (p.phrase.toLowerCase() !== label.toLowerCase() && owns(kind, field.name, p.phrase))
        synonyms.add(p.phrase);
    }
    field.synonyms = [...synonyms];
  };
  for (const m of model.measures) if (m.kind !== 'aggregate' || !m.hidden) finish('measure', m);
  for (const d of model.dimensions) finish('dimension', d);
  // "products by supplier": where a measure shares a dimension's words, "by supplier" names the
  // dimension (a breakdown, as "by" says); so does "by film category" when "by film" would be
  // taken first. ("Top 5 cities by customers" then needs "by number of customers".)
  const shared = new Set<string>();
  for (const d of model.dimensions)
    for (const p of [d.label, ...d.synonyms])
      if (owner.has(`measure:${phraseKey(p)}`)) shared.add(phraseKey(p));
  const startsShared = (p: string): boolean => {
    const parts = phraseKey(p).split(' ');
    return parts.some((_, i) => shared.has(parts.slice(0, i + 1).join(' ')));
  };
  for (const d of model.dimensions) {
    const extra = [d.label, ...d.synonyms]
      .filter(startsShared)
      .flatMap((p) => [`by ${p.toLowerCase()}`, `per ${p.toLowerCase()}`]);
    d.synonyms = [...new Set([...d.synonyms, ...extra])];
  }
  return model;
}

function bumpWeight(
  claims: Map<string, TPhraseOwner[]>,
  kind: 'measure' | 'dimension',
  name: string,
  weight: number,
): void {
  for (const list of claims.values())
    for (const o of list) if (o.kind === kind && o.name === name) o.weight = Math.max(o.weight, weight);
}
