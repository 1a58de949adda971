/**
 * What a save of the model overlay changed, for the versions list and its diff view: one line of
 * plain English per change ("+ measure …", "− …", "~ …") and a one-line summary of them.
 */
import type {
  TFieldEdit,
  TModelOverlay,
  TOverlayAggregate,
  TOverlayDimension,
  TOverlayExpr,
  TOverlayJoin,
  TOverlayMeasure,
  TValueEdit,
} from '@parley/contract';

/** One change: its line for the diff, and the short phrase the summary uses. */
interface TChange {
  line: string;
  phrase: string;
}

export interface TOverlayChanges {
  summary: string;
  changes: string[];
}

const SUMMARY_MAX = 120;

/**
 * The changes from `before` to `after`, each a line, and a summary of at most ~120 characters.
 * `labels` (field name → the base model's label) lets an edit of an introspected field say its label.
 */
export function overlayChanges(
  before: TModelOverlay,
  after: TModelOverlay,
  labels: Record<string, string> = {},
): TOverlayChanges {
  // Fields the overlay defines are named by its own labels, introspected ones by the base model's.
  const known = { ...labels, ...labelsOf(before), ...labelsOf(after) };
  const changes = [
    ...tableChanges(before.tables, after.tables),
    ...keyed(
      before.measures,
      after.measures,
      (m) => m.name,
      (b, a) => measureChanges(b, a, known),
    ),
    ...keyed(before.dimensions, after.dimensions, (d) => d.name, dimensionChanges),
    ...fieldChanges(before.fields, after.fields, known),
    ...keyed(
      before.values,
      after.values,
      (v) => `${v.dimension}\u0000${v.value}`,
      (b, a) => valueChanges(b, a, after, known),
    ),
    ...keyed(before.joins.add, after.joins.add, joinKey, addedJoinChanges),
    ...keyed(before.joins.remove, after.joins.remove, joinKey, removedJoinChanges),
  ];
  return { summary: summarize(changes.map((c) => c.phrase)), changes: changes.map((c) => c.line) };
}

function labelsOf(overlay: TModelOverlay): Record<string, string> {
  return Object.fromEntries([...overlay.measures, ...overlay.dimensions].map((f) => [f.name, f.label]));
}

/** "Defined Net revenue; renamed Revenue; 3 more changes", cut to fit. */
function summarize(phrases: string[]): string {
  if (phrases.length === 0) return 'No changes';
  let summary = '';
  for (let i = 0; i < phrases.length; i++) {
    const rest = phrases.length - i - 1;
    const more = rest === 0 ? '' : `; ${rest} more change${rest === 1 ? '' : 's'}`;
    const next = summary ? `${summary}; ${phrases[i]}` : phrases[i];
    if (summary && `${next}${more}`.length > SUMMARY_MAX) {
      const left = phrases.length - i;
      summary = `${summary}; ${left} more change${left === 1 ? '' : 's'}`;
      break;
    }
    summary = next;
  }
  return summary.charAt(0).toUpperCase() + summary.slice(1);
}

/** Pairs items by key: added, removed, and (when they differ) changed ones. */
function keyed<T>(
  before: T[],
  after: T[],
  key: (item: T) => string,
  diff: (before: T | undefined, after: T | undefined) => TChange[],
): TChange[] {
  const old = new Map(before.map((item) => [key(item), item]));
  const now = new Map(after.map((item) => [key(item), item]));
  const changes: TChange[] = [];
  for (const [k, item] of now)
    if (JSON.stringify(old.get(k)) !== JSON.stringify(item)) changes.push(...diff(old.get(k), item));
  for (const [k, item] of old) if (!now.has(k)) changes.push(...diff(item, undefined));
  return changes;
}

function tableChanges(before: TModelOverlay['tables'], after: TModelOverlay['tables']): TChange[] {
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return names.flatMap((name) => {
    const [a, b] = [before[name]?.label, after[name]?.label];
    if (a === b) return [];
    if (a && b) return [{ line: `~ table ${name}: label "${a}" → "${b}"`, phrase: `renamed table ${a}` }];
    if (b) return [{ line: `+ table ${name}: label "${b}"`, phrase: `labelled table ${name}` }];
    return [{ line: `− table ${name}: label "${a}"`, phrase: `unlabelled table ${name}` }];
  });
}

function measureChanges(
  before: TOverlayMeasure | undefined,
  after: TOverlayMeasure | undefined,
  known: Record<string, string>,
): TChange[] {
  const kind = (after ?? before)?.kind === 'metric' ? 'metric' : 'measure';
  if (!before && after)
    return [
      {
        line: `+ ${kind} "${after.label}" (${defineMeasure(after, known)})`,
        phrase: `defined ${after.label}`,
      },
    ];
  if (before && !after) return [{ line: `− ${kind} "${before.label}"`, phrase: `removed ${before.label}` }];
  if (!before || !after) return [];
  const changes = wordChanges(`${kind} "${before.label}"`, before, after);
  if (defineMeasure(before) !== defineMeasure(after))
    changes.push({
      line: `~ ${kind} "${before.label}": now ${defineMeasure(after, known)}`,
      phrase: `redefined ${before.label}`,
    });
  if (
    before.format !== after.format ||
    (before.kind === 'aggregate' && after.kind === 'aggregate' && before.currency !== after.currency)
  )
    changes.push({
      line: `~ ${kind} "${before.label}": format ${formatOf(before)} → ${formatOf(after)}`,
      phrase: `reformatted ${before.label}`,
    });
  return changes;
}

function formatOf(m: TOverlayMeasure | TFieldEdit): string {
  const currency = 'currency' in m && m.currency ? ` ${m.currency}` : '';
  return `${m.format ?? 'number'}${currency}`;
}

/** Label, description and synonyms of two versions of one item. */
function wordChanges(
  display: string,
  before: { label?: string; description?: string; synonyms?: string[] },
  after: { label?: string; description?: string; synonyms?: string[] },
): TChange[] {
  const changes: TChange[] = [];
  if (before.label !== after.label) {
    const line = before.label ? `label "${before.label}" → "${after.label ?? ''}"` : `label "${after.label}"`;
    changes.push({
      line: `~ ${display}: ${after.label ? line : `label "${before.label}" removed`}`,
      phrase: `renamed ${stripKind(display)}`,
    });
  }
  if ((before.description ?? '') !== (after.description ?? '')) {
    const what = !before.description ? 'added' : !after.description ? 'removed' : 'changed';
    changes.push({ line: `~ ${display}: description ${what}`, phrase: `described ${stripKind(display)}` });
  }
  const words = synonymChange(before.synonyms, after.synonyms);
  if (words)
    changes.push({ line: `~ ${display}: synonyms ${words}`, phrase: `new words for ${stripKind(display)}` });
  return changes;
}

/** `metric "Revenue"` → `Revenue`, for summary phrases. */
function stripKind(display: string): string {
  return display.replace(/^(measure|metric|dimension) "(.*)"$/, '$2');
}

/** "+ turnover, − income", or null when the synonyms are the same. */
function synonymChange(before: string[] = [], after: string[] = []): string | null {
  const added = after.filter((w) => !before.includes(w));
  const removed = before.filter((w) => !after.includes(w));
  const parts = [
    ...(added.length ? [`+ ${added.join(', ')}`] : []),
    ...(removed.length ? [`− ${removed.join(', ')}`] : []),
  ];
  return parts.length ? parts.join(', ') : null;
}

/** "sum of amount − discount on orders where status is paid", or "Revenue ÷ Orders". */
function defineMeasure(m: TOverlayMeasure, known: Record<string, string> = {}): string {
  if (m.kind === 'metric') return `${known[m.left] ?? m.left} ${SYMBOLS[m.op]} ${known[m.right] ?? m.right}`;
  return defineAggregate(m);
}

const SYMBOLS = { '+': '+', '-': '−', '*': '×', '/': '÷' } as const;
const AGG_WORDS = {
  sum: 'sum of',
  avg: 'average of',
  min: 'lowest',
  max: 'highest',
  count: 'count of',
  count_distinct: 'distinct count of',
} as const;

function defineAggregate(m: TOverlayAggregate): string {
  const what = m.expr ? `${AGG_WORDS[m.agg]} ${exprText(m.expr, false)}` : 'count of rows';
  const where = m.where.map(
    (w) => ` where ${w.column} is ${w.values.length === 1 ? w.values[0] : `one of ${w.values.join(', ')}`}`,
  );
  const exists = m.exists ? ` with a row in ${m.exists.table}` : '';
  const time = m.time === null ? ', no time' : m.time ? `, by ${m.time}` : '';
  return `${what} on ${m.table}${where.join(' and')}${exists}${time}`;
}

function exprText(e: TOverlayExpr, nested: boolean): string {
  if ('column' in e) return e.column;
  if ('num' in e) return String(e.num);
  if ('span' in e) return `${e.span}s from ${exprText(e.from, true)} to ${exprText(e.to, true)}`;
  const text = `${exprText(e.left, true)} ${SYMBOLS[e.op]} ${exprText(e.right, true)}`;
  return nested ? `(${text})` : text;
}

function dimensionChanges(
  before: TOverlayDimension | undefined,
  after: TOverlayDimension | undefined,
): TChange[] {
  if (!before && after)
    return [
      {
        line: `+ dimension "${after.label}" (${after.table}.${after.column})`,
        phrase: `added dimension ${after.label}`,
      },
    ];
  if (before && !after)
    return [{ line: `− dimension "${before.label}"`, phrase: `removed dimension ${before.label}` }];
  if (!before || !after) return [];
  const changes = wordChanges(`dimension "${before.label}"`, before, after);
  if (before.table !== after.table || before.column !== after.column)
    changes.push({
      line: `~ dimension "${before.label}": now ${after.table}.${after.column}`,
      phrase: `moved ${before.label}`,
    });
  return changes;
}

function fieldChanges(
  before: TModelOverlay['fields'],
  after: TModelOverlay['fields'],
  labels: Record<string, string>,
): TChange[] {
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return names.flatMap((name) => {
    const [a, b] = [before[name] ?? {}, after[name] ?? {}];
    if (JSON.stringify(a) === JSON.stringify(b)) return [];
    const display = a.label ?? labels[name] ?? name;
    const changes = wordChanges(display, { label: labels[name], ...a }, { label: labels[name], ...b });
    if (Boolean(a.hidden) !== Boolean(b.hidden))
      changes.push({
        line: `~ ${display}: ${b.hidden ? 'hidden' : 'shown'}`,
        phrase: `${b.hidden ? 'hid' : 'showed'} ${display}`,
      });
    if (a.format !== b.format || a.currency !== b.currency)
      changes.push({
        line: `~ ${display}: format ${formatOf(a)} → ${formatOf(b)}`,
        phrase: `reformatted ${display}`,
      });
    if (a.time !== b.time)
      changes.push({
        line: `~ ${display}: time ${a.time ?? 'as introspected'} → ${b.time === null ? 'none' : (b.time ?? 'as introspected')}`,
        phrase: `re-dated ${display}`,
      });
    return changes;
  });
}

function valueChanges(
  before: TValueEdit | undefined,
  after: TValueEdit | undefined,
  overlay: TModelOverlay,
  labels: Record<string, string>,
): TChange[] {
  const edit = (after ?? before) as TValueEdit;
  const display = `${dimensionLabel(overlay, edit.dimension, labels)} value "${edit.value}"`;
  if (!after) return [{ line: `~ ${display}: label and words removed`, phrase: `unlabelled ${display}` }];
  const changes = wordChanges(display, before ?? { synonyms: [] }, after);
  return changes.map((c) => ({ ...c, phrase: c.phrase.replace(/^renamed /, 'labelled ') }));
}

/** A dimension's label as the overlay knows it, else its column's name ("orders.status" → "Status"). */
function dimensionLabel(overlay: TModelOverlay, name: string, labels: Record<string, string>): string {
  const label =
    overlay.dimensions.find((d) => d.name === name)?.label ?? overlay.fields[name]?.label ?? labels[name];
  if (label) return label;
  const last = name.split('.').pop() ?? name;
  const words = last.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function joinKey(join: { from: string; to: string }): string {
  return `${join.from}→${join.to}`;
}

function addedJoinChanges(before: TOverlayJoin | undefined, after: TOverlayJoin | undefined): TChange[] {
  const join = (after ?? before) as TOverlayJoin;
  const name = `join ${join.from} → ${join.to}`;
  const on = (j: TOverlayJoin) => `${j.fromColumns.join(', ')} = ${j.toColumns.join(', ')}`;
  if (!before) return [{ line: `+ ${name} (${on(join)})`, phrase: `joined ${join.from} to ${join.to}` }];
  if (!after) return [{ line: `− ${name}`, phrase: `removed ${name}` }];
  return [{ line: `~ ${name}: ${on(before)} → ${on(after)}`, phrase: `changed ${name}` }];
}

function removedJoinChanges(
  before: { from: string; to: string } | undefined,
  after: { from: string; to: string } | undefined,
): TChange[] {
  const join = (after ?? before) as { from: string; to: string };
  const name = `join ${join.from} → ${join.to}`;
  // An entry of `remove` takes an introspected join away; dropping the entry restores it.
  return after
    ? [{ line: `− ${name} (found by introspection)`, phrase: `removed ${name}` }]
    : [{ line: `+ ${name} (found by introspection, restored)`, phrase: `restored ${name}` }];
}
