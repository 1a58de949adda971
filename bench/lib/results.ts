import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'RESULTS.md');
const HEADER =
  '# Benchmark results\n\nThe current figure of each benchmark (bench/README.md lists them), one section each, rewritten by the bench named in it.\n';

/** Replaces (or appends) the `## title` section of bench/RESULTS.md. */
export function writeSection(title: string, body: string): void {
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = text.indexOf(`${heading}\n`);
  let next: string;
  if (start === -1) next = `${text.trimEnd()}\n\n${section}`;
  else {
    const end = text.indexOf('\n## ', start + heading.length);
    next = text.slice(0, start) + section + (end === -1 ? '' : text.slice(end));
  }
  writeFileSync(FILE, `${next.trimEnd()}\n`);
}

/** Median of numbers. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Today as YYYY-MM-DD (UTC), the date a section gives its run. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
