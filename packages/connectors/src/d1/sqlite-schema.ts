/**
 * Foreign keys read from a SQLite CREATE TABLE statement (sqlite_master.sql), for databases that
 * refuse pragma_foreign_key_list: column constraints (`col INTEGER REFERENCES t (c)`) and table
 * constraints (`[CONSTRAINT n] FOREIGN KEY (a, b) REFERENCES t (x, y)`). A key without target
 * columns has `refColumns: []` (it points at the referenced table's primary key).
 */

export interface TParsedForeignKey {
  columns: string[];
  refTable: string;
  refColumns: string[];
}

/** One SQLite name, unquoted ("x", [x], `x`, 'x' or bare). */
function unquote(name: string): string {
  const n = name.trim();
  const first = n[0];
  if (first === '"' || first === '`' || first === "'")
    return n
      .slice(1, -1)
      .split(first + first)
      .join(first);
  if (first === '[') return n.slice(1, -1);
  return n;
}

/** A name at the start of `text`: its unquoted form and the rest. */
function leadingName(text: string): [string, string] | null {
  const m = /^\s*("(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]|'(?:[^']|'')*'|[^\s(),]+)/.exec(text);
  return m ? [unquote(m[1]), text.slice(m[0].length)] : null;
}

/** Names of a parenthesised, comma-separated list at the start of `text`. */
function nameList(text: string): [string[], string] | null {
  const m = /^\s*\(([^)]*)\)/.exec(text);
  if (!m) return null;
  const names = m[1]
    .split(',')
    .map((part) => leadingName(part)?.[0])
    .filter((n): n is string => Boolean(n));
  return [names, text.slice(m[0].length)];
}

/** Splits the body of CREATE TABLE (…) at top-level commas, outside quotes and parentheses. */
function definitions(sql: string): string[] {
  const open = sql.indexOf('(');
  if (open < 0) return [];
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = open + 1; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "'" || ch === '"' || ch === '`' || ch === '[') {
      const close = ch === '[' ? ']' : ch;
      let j = i + 1;
      while (j < sql.length && sql[j] !== close) j++;
      current += sql.slice(i, j + 1);
      i = j;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') {
      if (depth === 0) {
        parts.push(current);
        return parts.map((p) => p.trim()).filter(Boolean);
      }
      depth--;
    }
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The target of `REFERENCES t [(c, …)]` found in `text`, or null. */
function references(text: string): { refTable: string; refColumns: string[] } | null {
  // String literals (defaults, checks) are blanked first: a REFERENCES inside one is text.
  const bare = text.replace(/'(?:[^']|'')*'/g, (m) => ' '.repeat(m.length));
  const at = /\breferences\b/i.exec(bare);
  if (!at) return null;
  const target = leadingName(text.slice(at.index + at[0].length));
  if (!target) return null;
  const cols = nameList(target[1]);
  return { refTable: target[0], refColumns: cols ? cols[0] : [] };
}

/** The foreign keys a CREATE TABLE statement declares. */
export function foreignKeysFromSql(sql: string): TParsedForeignKey[] {
  if (!/^\s*create\s+(temp\w*\s+)?(virtual\s+)?table\b/i.test(sql)) return [];
  const keys: TParsedForeignKey[] = [];
  for (const def of definitions(sql)) {
    const body = def.replace(/^constraint\s+("(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|\S+)\s*/i, '');
    if (/^foreign\s+key\b/i.test(body)) {
      const cols = nameList(body.replace(/^foreign\s+key/i, ''));
      const ref = references(body);
      if (cols && ref) keys.push({ columns: cols[0], ...ref });
      continue;
    }
    if (/^(primary\s+key|unique|check)\b/i.test(body)) continue;
    const column = leadingName(body);
    const ref = column ? references(column[1]) : null;
    if (column && ref)
      keys.push({ columns: [column[0]], refTable: ref.refTable, refColumns: ref.refColumns.slice(0, 1) });
  }
  return keys;
}
