/**
 * How far V8 lets the JavaScript heap grow past what its last full collection kept. Left to its
 * own factor (up to 4× while allocation is fast), a server answering many distinct questions
 * climbs for minutes on garbage before collecting; a fixed percentage keeps the process's
 * memory flat (bench/RESULTS.md, "Memory: a soak of distinct questions").
 */
import v8 from 'node:v8';

/** Sets V8's heap growing factor for this process; 0 leaves V8's own heuristics. */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
