/**
 * `npm run bench`: runs the quick benchmarks one after another, each in its own process, then lists
 * the others with their commands. `npm run bench -- all` runs every one whose needs are met;
 * `npm run bench -- answer throughput` runs those named. Exits non-zero if one failed.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BENCHES, type Bench, commandOf, NEEDS, type Need } from './catalogue';
import { ROOT } from './process';

/** Whether a need is met here. */
const MET: Record<Need, () => boolean> = {
  postgres: () => Boolean(process.env.TEST_DATABASE_URL),
  build: () => existsSync(join(ROOT, 'apps/web/dist/index.html')),
  base: () => Boolean(process.env.BASE),
};

/** Why a bench cannot run here, or null when it can. */
function unmet(bench: Bench): string | null {
  return bench.needs && !MET[bench.needs]() ? `needs ${NEEDS[bench.needs]}` : null;
}

/** Runs one bench in its own process with this terminal; its exit code and minutes. */
function run(bench: Bench): Promise<{ code: number; minutes: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', `bench/${bench.name}.bench.ts`], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({ code: code ?? 1, minutes: (performance.now() - started) / 60_000 }),
    ),
  );
}

/** The benches asked for: named ones, every one (`all`), or the quick ones. */
function chosen(args: string[]): Bench[] {
  if (args.length === 0) return BENCHES.filter((b) => b.quick);
  if (args.includes('all')) return BENCHES;
  const unknown = args.filter((name) => !BENCHES.some((b) => b.name === name));
  if (unknown.length) {
    console.error(`No bench named ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}.`);
    process.exit(2);
  }
  return BENCHES.filter((b) => args.includes(b.name));
}

const wanted = chosen(process.argv.slice(2));
const done: string[] = [];
const skipped: string[] = [];
let failed = 0;
for (const bench of wanted) {
  const why = unmet(bench);
  if (why) {
    skipped.push(`  ${bench.name}: ${why}`);
    continue;
  }
  console.log(`\n== ${bench.name} (${commandOf(bench)}, ${bench.takes})`);
  const { code, minutes } = await run(bench);
  if (code !== 0) failed++;
  done.push(`  ${bench.name}: ${code === 0 ? 'done' : `FAILED (exit ${code})`} in ${minutes.toFixed(1)} min`);
}
const apart = BENCHES.filter((b) => !wanted.includes(b)).map(
  (b) => `  ${commandOf(b)}   # ${b.takes}${b.needs ? `; needs ${NEEDS[b.needs]}` : ''}`,
);
console.log(`\n== Ran (figures in bench/RESULTS.md)\n${done.join('\n') || '  none'}`);
if (skipped.length) console.log(`\n== Not run here\n${skipped.join('\n')}`);
if (apart.length) console.log(`\n== To run apart (or \`npm run bench -- all\`)\n${apart.join('\n')}`);
process.exit(failed ? 1 : 0);
