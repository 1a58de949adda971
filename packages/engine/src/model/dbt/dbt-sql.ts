/**
 * The small SQL a dbt project writes in `expr` and `filter` that Parley can read: column arithmetic
 * for a measure, and `=`/`!=`/`in` conditions joined by `and` for a filter, where a filter names a
 * dimension as MetricFlow Jinja (`{{ Dimension('order__status') }}`, `{{ Entity('customer') }}`) or,
 * as pre-release projects did, by its bare name. Anything else is not guessed at: the reader says no.
 */
import type { TOverlayExpr } from '@parley/contract';

type TToken =
  | { t: 'ref'; fn: string; arg: string; plain: boolean }
  | { t: 'str'; v: string }
  | { t: 'num'; v: string }
  | { t: 'id'; v: string }
  | { t: 'op'; v: string };

const JINJA = /^\{\{\s*(\w+)\(\s*(['"])([^'"]*)\2\s*(,[^)]*)?\)\s*((?:\.\w+\([^)]*\))*)\s*\}\}/;
const STRING = /^'((?:[^']|'')*)'/;
const NUMBER = /^\d+(\.\d+)?/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*/;

/** Each token shape: its pattern and the token a match makes. */
const SHAPES: [RegExp, (m: RegExpMatchArray) => TToken][] = [
  [JINJA, (m) => ({ t: 'ref', fn: m[1], arg: m[3], plain: !m[4] && !m[5] })],
  [STRING, (m) => ({ t: 'str', v: m[1].replaceAll("''", "'") })],
  [NUMBER, (m) => ({ t: 'num', v: m[0] })],
  [IDENT, (m) => ({ t: 'id', v: m[0] })],
  [/^(!=|<>|[=+\-*/(),])/, (m) => ({ t: 'op', v: m[0] })],
];

/** The tokens of `sql`, or null when it holds anything this reader does not know. */
function tokenize(sql: string): TToken[] | null {
  const tokens: TToken[] = [];
  let rest = sql.trim();
  while (rest.length > 0) {
    const shape = SHAPES.map(([re, make]) => [rest.match(re), make] as const).find(([m]) => m !== null);
    if (!shape) return null;
    const [m, make] = shape as [RegExpMatchArray, (m: RegExpMatchArray) => TToken];
    tokens.push(make(m));
    rest = rest.slice(m[0].length).trimStart();
  }
  return tokens;
}

/** Whether token `token` is the operator `op` (one of `ops`). */
function isOpToken(token: TToken | undefined, ...ops: string[]): token is { t: 'op'; v: string } {
  return token?.t === 'op' && ops.includes(token.v);
}

/** A measure's `expr` as column arithmetic (columns not yet checked), or null when it is other SQL. */
export function parseMeasureExpr(sql: string): TOverlayExpr | null {
  const tokens = tokenize(sql);
  if (!tokens || tokens.length === 0) return null;
  let i = 0;
  const isOp = (...ops: string[]): boolean => isOpToken(tokens[i], ...ops);
  const factor = (): TOverlayExpr | null => {
    const token = tokens[i++];
    if (token?.t === 'num') return { num: Number(token.v) };
    if (token?.t === 'id' && !isOp('(')) return { column: token.v };
    if (token?.t !== 'op' || token.v !== '(') return null;
    const inner = sum();
    return inner && isOp(')') && tokens[i++] ? inner : null;
  };
  const chain =
    (next: () => TOverlayExpr | null, ops: ('+' | '-' | '*' | '/')[]) => (): TOverlayExpr | null => {
      let left = next();
      while (left && isOp(...ops)) {
        const op = (tokens[i++] as { v: string }).v as '+' | '-' | '*' | '/';
        const right = next();
        left = right ? { op, left, right } : null;
      }
      return left;
    };
  const product = chain(factor, ['*', '/']);
  const sum = chain(product, ['+', '-']);
  const expr = sum();
  return expr && i === tokens.length ? expr : null;
}

/** What a filter condition names: a dimension (maybe through an entity), an entity, or a bare column. */
export type TFilterRef =
  | { kind: 'dimension'; entity: string | null; name: string }
  | { kind: 'entity'; name: string }
  | { kind: 'column'; name: string };

export interface TFilterCondition {
  ref: TFilterRef;
  /** `in` keeps the values, `not in` every other one. */
  negated: boolean;
  values: string[];
}

/** A filter as conditions that all hold, or the reason it cannot be read. */
export function parseFilter(sql: string): TFilterCondition[] | { error: string } {
  const tokens = tokenize(sql);
  const unread = { error: `filter \`${sql.trim()}\` is SQL Parley cannot read` };
  if (!tokens) return unread;
  const conditions: TFilterCondition[] = [];
  let i = 0;
  while (i < tokens.length) {
    const ref = readRef(tokens[i++]);
    if ('error' in ref) return { error: `filter \`${sql.trim()}\`: ${ref.error}` };
    const read = readCondition(tokens, i);
    if (!read) return unread;
    conditions.push({ ref, negated: read.negated, values: read.values });
    i = read.next;
    if (i < tokens.length) {
      const and = tokens[i++];
      if (and.t !== 'id' || and.v.toLowerCase() !== 'and') return unread;
    }
  }
  return conditions.length > 0 ? conditions : unread;
}

function readRef(token: TToken | undefined): TFilterRef | { error: string } {
  if (token?.t === 'id') return { kind: 'column', name: token.v };
  if (token?.t !== 'ref') return { error: 'a condition must start with a dimension' };
  if (!token.plain)
    return { error: `\`${token.fn}('${token.arg}')\` with a grain or path Parley cannot read` };
  if (token.fn === 'Entity') return { kind: 'entity', name: token.arg };
  if (token.fn !== 'Dimension') return { error: `\`${token.fn}\` references are not supported` };
  const parts = token.arg.split('__');
  const name = parts[parts.length - 1];
  return { kind: 'dimension', entity: parts.length > 1 ? parts[parts.length - 2] : null, name };
}

/** `= v`, `!= v`, `<> v`, `in (v, …)` or `not in (v, …)` from token `i`. */
function readCondition(
  tokens: TToken[],
  start: number,
): { negated: boolean; values: string[]; next: number } | null {
  let i = start;
  const word = (w: string): boolean =>
    tokens[i]?.t === 'id' && (tokens[i] as { v: string }).v.toLowerCase() === w;
  const token = tokens[i];
  if (token?.t === 'op' && ['=', '!=', '<>'].includes(token.v)) {
    const value = literal(tokens[i + 1]);
    return value === null ? null : { negated: token.v !== '=', values: [value], next: i + 2 };
  }
  const negated = word('not');
  if (negated) i++;
  if (!word('in') || tokens[i + 1]?.t !== 'op' || (tokens[i + 1] as { v: string }).v !== '(') return null;
  const values: string[] = [];
  for (i += 2; ; i += 2) {
    const value = literal(tokens[i]);
    if (value === null) return null;
    values.push(value);
    const sep = tokens[i + 1];
    if (sep?.t !== 'op') return null;
    if (sep.v === ')') return { negated, values, next: i + 2 };
    if (sep.v !== ',') return null;
  }
}

/** A quoted string, a number, or true/false, as the text a condition's values hold. */
function literal(token: TToken | undefined): string | null {
  if (token?.t === 'str' || token?.t === 'num') return token.v;
  if (token?.t === 'id' && /^(true|false)$/i.test(token.v)) return token.v.toLowerCase();
  return null;
}
