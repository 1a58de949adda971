/**
 * The prepared PGlite data directory (template-prepare.ts) and the copies test apps open. Both live
 * in memory (/dev/shm) where there is one: a copy written back to disk and then deleted costs more
 * than making it. The template is built once and kept between runs; a run's copies go in the run's
 * folder, which vitest's global set-up removes at the end, so a test that never closes its app
 * leaves nothing behind.
 */
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { prepareTemplate, templateKey } from './template-prepare';

const TEMPLATE_PREFIX = 'parley-pglite-template-';
const RUN_PREFIX = 'parley-test-run-';
const COPY_PREFIX = 'parley-test-db-';
/** Names the current run's folder for its workers (set by the global set-up, inherited by them). */
const RUN_ENV = 'PARLEY_TEST_DB_RUN_DIR';
/** A template of other migrations, or a folder a killed run left, is removed once unused this long. */
const STALE_MS = 24 * 60 * 60 * 1000;

const ROOT = (() => {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
})();

let template: Promise<string> | null = null;

/** The prepared PGlite data directory copies are made from, built on first use. */
export function pgliteTemplate(): Promise<string> {
  template ??= ensureTemplate();
  template.catch(() => {
    template = null;
  });
  return template;
}

async function ensureTemplate(): Promise<string> {
  const dir = join(ROOT, `${TEMPLATE_PREFIX}${templateKey()}`);
  if (!existsSync(dir)) {
    const building = mkdtempSync(`${dir}.building-`);
    await prepareTemplate({ dir: building });
    try {
      // Atomic: a reader sees the whole directory or none; whoever renames second drops its own.
      renameSync(building, dir);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
    pruneStale(dir);
  }
  // Marks it in use, so other runs' pruning leaves it.
  const now = new Date();
  utimesSync(dir, now, now);
  return dir;
}

/** A fresh copy of the prepared PGlite database, for `openDatabase({ dir })`; `remove` deletes it. */
export async function copyPgliteTemplate(): Promise<{ dir: string; remove: () => void }> {
  const source = await pgliteTemplate();
  const dir = join(mkdtempSync(join(process.env[RUN_ENV] ?? ROOT, COPY_PREFIX)), 'app');
  cpSync(source, dir, { recursive: true });
  return { dir, remove: () => rmSync(dirname(dir), { recursive: true, force: true }) };
}

/** Makes this run's folder for copies (its workers inherit where); `end` removes it with what is left. */
export function startCopiesRun(): { end: () => void } {
  const dir = mkdtempSync(join(ROOT, RUN_PREFIX));
  process.env[RUN_ENV] = dir;
  return { end: () => rmSync(dir, { recursive: true, force: true }) };
}

function pruneStale(current: string): void {
  for (const name of readdirSync(ROOT)) {
    const path = join(ROOT, name);
    if (path === current || ![TEMPLATE_PREFIX, RUN_PREFIX, COPY_PREFIX].some((p) => name.startsWith(p)))
      continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}
