import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A fixed amount of work that keeps a live set and makes garbage that outlives a few scavenges,
// as answers in flight do; prints the largest heap V8 reserved meanwhile (MiB).
const WORKLOAD = `
const { limitHeapGrowth } = await import(process.argv[1]);
limitHeapGrowth(Number(process.argv[2]));
const live = Array.from({ length: 200000 }, (_, i) => ({ a: 'x' + i, b: [i, i + 1] }));
let inFlight = [];
let peak = 0;
for (let round = 0; round < 2500; round++) {
  inFlight.push(Array.from({ length: 2000 }, (_, i) => ({ v: i, s: 'y' + i })));
  if (inFlight.length > 200) inFlight = inFlight.slice(100);
  peak = Math.max(peak, process.memoryUsage().heapTotal);
}
console.log(Math.round(peak / 1048576), live.length);
`;

function peakHeapMiB(percent: number): number {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      WORKLOAD,
      new URL('./heap.ts', import.meta.url).href,
      String(percent),
    ],
    { encoding: 'utf8' },
  );
  return Number(out.split(' ')[0]);
}

describe('limitHeapGrowth', () => {
  it('keeps the heap V8 reserves closer to the live set than its own heuristics do', () => {
    const own = peakHeapMiB(0);
    const limited = peakHeapMiB(20);
    expect(limited).toBeLessThan(own * 0.8);
  }, 60_000);
});
