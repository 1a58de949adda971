#!/usr/bin/env node
// No class constructor in apps/server/src takes more than 3 positional parameters: a service's
// dependencies come as one named-argument object (run by `npm run lint`).
// Usage: node scripts/check-constructors.mjs [root]   exit 1 listing the classes that do.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const MAX = 3;
const OPEN = '({[<';
const CLOSE = ')}]>';

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) yield path;
  }
}

/** The positional parameters of each constructor in `text` (comments and arrows blanked first). */
function* constructorArity(text) {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/=>/g, '  ');
  const re = /constructor\s*\(/g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    let i = m.index + m[0].length;
    const start = i;
    for (let depth = 1; depth > 0; i++) {
      if (OPEN.includes(code[i])) depth++;
      else if (CLOSE.includes(code[i])) depth--;
    }
    const params = code
      .slice(start, i - 1)
      .trim()
      .replace(/,$/, '');
    let depth = 0;
    let count = params ? 1 : 0;
    for (const c of params) {
      if (OPEN.includes(c)) depth++;
      else if (CLOSE.includes(c)) depth--;
      else if (c === ',' && depth === 0) count++;
    }
    yield { line: code.slice(0, m.index).split('\n').length, count };
  }
}

const root = process.argv[2] ?? 'apps/server/src';
const over = [];
for (const file of sources(root)) {
  for (const { line, count } of constructorArity(readFileSync(file, 'utf8')))
    if (count > MAX) over.push(`${file}:${line} takes ${count} positional parameters`);
}
if (over.length) {
  console.error(`constructors over ${MAX} positional parameters (use one named-argument object):`);
  for (const o of over) console.error(`  ${o}`);
  process.exit(1);
}
console.log(`no constructor over ${MAX} positional parameters (${root})`);
