/**
 * A measure's expression as the model file writes it: `amount - discount`, `(price * qty) / 100`,
 * `days(ordered_at, shipped_at)` (the days from the first date to the second), `hours(a, b)`.
 * Columns are bare names, or "double quoted" when they hold other characters.
 */
import type { TOverlayExpr } from '@parley/contract';
import type { TModelExpr } from '../semantic-model';

const PLAIN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2 } as const;

/** A column name as written: bare when plain, else in double quotes (a quote doubled). */
export const columnText = (name: string): string =>
  PLAIN.test(name) && !/^(days|hours)$/i.test(name) ? name : `"${name.replace(/"/g, '""')}"`;

/** The text of an expression; a model expression's columns are read as its measure table's. */
export function exprText(e: TOverlayExpr | TModelExpr): string {
  if ('column' in e) return columnText(e.column);
  if ('col' in e) return columnText(e.col);
  if ('num' in e) return String(e.num);
  if ('span' in e) return `${e.span === 'day' ? 'days' : 'hours'}(${exprText(e.from)}, ${exprText(e.to)})`;
  const p = PRECEDENCE[e.op];
  const side = (x: TOverlayExpr | TModelExpr, right: boolean): string => {
    const text = exprText(x);
    if (!('op' in x)) return text;
    // The parser reads left to right: a right side of the same precedence keeps its brackets.
    return PRECEDENCE[x.op] < p || (right && PRECEDENCE[x.op] === p) ? `(${text})` : text;
  };
  return `${side(e.left, false)} ${e.op} ${side(e.right, true)}`;
}

/** The overlay's form of a model expression (its columns by name alone). */
export function toOverlayExpr(e: TModelExpr): TOverlayExpr {
  if ('col' in e) return { column: e.col };
  if ('num' in e) return { num: e.num };
  if ('span' in e) return { span: e.span, from: toOverlayExpr(e.from), to: toOverlayExpr(e.to) };
  return { op: e.op, left: toOverlayExpr(e.left), right: toOverlayExpr(e.right) };
}

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|"((?:[^"]|"")*)"|([-+*/(),]))/y;

type TToken = { num: number } | { name: string; quoted: boolean } | { sym: string };

function tokens(text: string): TToken[] {
  const out: TToken[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length && text.slice(TOKEN.lastIndex).trim() !== '') {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) throw new Error(`cannot read "${text.slice(at).trim()}"`);
    if (m[1] !== undefined) out.push({ num: Number(m[1]) });
    else if (m[2] !== undefined) out.push({ name: m[2], quoted: false });
    else if (m[3] !== undefined) out.push({ name: m[3].replace(/""/g, '"'), quoted: true });
    else out.push({ sym: m[4] });
  }
  return out;
}

/** Reads an expression's text; throws an Error saying what is wrong. */
export function parseExpr(text: string): TOverlayExpr {
  const list = tokens(text);
  let i = 0;
  const peek = (): string | null => {
    const t = list[i];
    return t && 'sym' in t ? t.sym : null;
  };
  const expect = (sym: string): void => {
    if (peek() !== sym) throw new Error(`expected "${sym}"`);
    i++;
  };
  const binary = (level: 1 | 2): TOverlayExpr => {
    let left = level === 1 ? binary(2) : atom();
    for (let op = peek(); op && op in PRECEDENCE && PRECEDENCE[op as '+'] === level; op = peek()) {
      i++;
      const right = level === 1 ? binary(2) : atom();
      left = { op: op as '+' | '-' | '*' | '/', left, right };
    }
    return left;
  };
  const atom = (): TOverlayExpr => {
    const t = list[i++];
    if (!t) throw new Error('the expression ends too early');
    if ('num' in t) return { num: t.num };
    if ('sym' in t) {
      if (t.sym === '-' && list[i] && 'num' in list[i]) return { num: -(list[i++] as { num: number }).num };
      if (t.sym !== '(') throw new Error(`unexpected "${t.sym}"`);
      const inner = binary(1);
      expect(')');
      return inner;
    }
    const span = t.quoted ? null : ({ days: 'day', hours: 'hour' } as const)[t.name.toLowerCase()];
    if (!span || peek() !== '(') return { column: t.name };
    i++;
    const from = binary(1);
    expect(',');
    const to = binary(1);
    expect(')');
    return { span, from, to };
  };
  const e = binary(1);
  if (i < list.length) throw new Error('there is more after the expression than it can read');
  return e;
}

/** A metric's text: `left / right` (or + - *), the two measures by name. */
export const metricText = (op: string, left: string, right: string): string => `${left} ${op} ${right}`;

/** Reads `left <op> right`; the last operator between spaces splits it. */
export function parseMetric(text: string): { op: '/' | '+' | '-' | '*'; left: string; right: string } {
  const m = /^(.+) ([-+*/]) (.+)$/.exec(text.trim());
  if (!m) throw new Error('a metric is two measures with + - * or / between them, e.g. "revenue / orders"');
  return { left: m[1].trim(), op: m[2] as '/' | '+' | '-' | '*', right: m[3].trim() };
}
