// Sums the gzip size of every JS chunk the /login page requests: the entry, its static imports,
// the AuthPage chunk with its static imports, and the active (en-US) locale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const files = new Set();

function walk(key) {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return;
  files.add(entry.file);
  for (const dep of entry.imports ?? []) walk(dep);
}

walk('index.html');
walk('src/features/auth/AuthPage.tsx');
walk('src/i18n/locales/en-US.ts');

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total JS (gzip) for /login`);
const budget = 170;
if (total / 1024 > budget) {
  console.error(`Over the ${budget} KB budget`);
  process.exit(1);
}
