/**
 * Read-only guard applied before any SQL reaches a source: exactly one statement, starting
 * with SELECT or WITH, and no write/administration keyword outside string literals or quoted
 * identifiers. Defence in depth: sources are also opened read-only.
 */
import { ConnectorError } from './connector';

const FORBIDDEN =
  /\b(insert|update|delete|merge|upsert|create|drop|alter|truncate|attach|detach|copy|pragma|install|load|call|set|reset|export|import|vacuum|checkpoint|grant|revoke|begin|commit|rollback|execute|prepare|use|replace|into)\b/i;

/** Whether a bare word is one the guard refuses outside quotes (tables should not be named so). */
export function isGuardedKeyword(word: string): boolean {
  return new RegExp(`^(?:${FORBIDDEN.source})$`, 'i').test(word);
}

/** SQL with comments removed and string literals / quoted identifiers blanked. */
function stripLiterals(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
      out += ' ';
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) throw new ConnectorError('invalid_sql', 'Unterminated comment');
      i = end + 2;
      out += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      for (;;) {
        if (j >= sql.length) throw new ConnectorError('invalid_sql', 'Unterminated quote');
        if (sql[j] === c) {
          if (sql[j + 1] === c) j += 2;
          else break;
        } else j++;
      }
      out += c === "'" ? "''" : '""';
      i = j + 1;
    } else if (c === '$' && /^\$([A-Za-z_]\w*)?\$/.test(sql.slice(i, i + 64))) {
      // PostgreSQL dollar-quoted strings are never produced by the compiler: refuse them.
      throw new ConnectorError('invalid_sql', 'Dollar-quoted strings are not allowed');
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Throws ConnectorError('invalid_sql') unless `sql` is a single read-only query. */
export function assertReadOnlySql(sql: string): void {
  if (typeof sql !== 'string' || sql.trim() === '') throw new ConnectorError('invalid_sql', 'Empty query');
  const bare = stripLiterals(sql).trim().replace(/;\s*$/, '');
  if (bare.includes(';')) throw new ConnectorError('invalid_sql', 'Only one statement is allowed');
  if (!/^(select|with)\b/i.test(bare) && !/^\(\s*select\b/i.test(bare)) {
    throw new ConnectorError('invalid_sql', 'Only SELECT or WITH queries are allowed');
  }
  const bad = bare.match(FORBIDDEN);
  if (bad)
    throw new ConnectorError(
      'invalid_sql',
      `Keyword not allowed in a read-only query: ${bad[1].toUpperCase()}`,
    );
}
