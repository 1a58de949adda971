/**
 * Every benchmark `npm run bench` knows (bench/README.md describes each): which ones it runs by
 * default, and what the others need to run apart.
 */

/** What a bench needs besides this checkout: PostgreSQL (TEST_DATABASE_URL), the built web app, another checkout (BASE). */
export type Need = 'postgres' | 'build' | 'base';

export interface Bench {
  /** bench/<name>.bench.ts */
  name: string;
  /** How long it takes here at its defaults. */
  takes: string;
  /** Run by plain `npm run bench`; the others are listed with their commands. */
  quick: boolean;
  needs?: Need;
}

export const BENCHES: Bench[] = [
  { name: 'engine', takes: '~45 s', quick: true },
  { name: 'cold-code', takes: '~20 s', quick: true },
  { name: 'cold-start', takes: '1–3 min', quick: true },
  { name: 'assistants', takes: '~1 min', quick: true },
  { name: 'answer-phases', takes: '~30 s', quick: true },
  { name: 'answer-profile', takes: '~30 s', quick: true },
  { name: 'introspect', takes: '~1 min', quick: true, needs: 'postgres' },
  { name: 'lean-bound', takes: '~2 min', quick: false },
  { name: 'answer', takes: '~4 min (+1–2 min generating the scale-10 file once)', quick: false },
  { name: 'throughput', takes: '~4 min', quick: false, needs: 'postgres' },
  { name: 'datasource', takes: '~4 min', quick: false, needs: 'postgres' },
  { name: 'collections', takes: '~5 min', quick: false, needs: 'postgres' },
  { name: 'alerts', takes: '~5 min', quick: false },
  { name: 'soak', takes: 'SOAK_MINUTES (10) + ~1 min', quick: false },
  { name: 'login-size', takes: '~40 s', quick: false, needs: 'build' },
  { name: 'compare-checkouts', takes: '~2 min', quick: false, needs: 'base' },
];

/** What each need asks for, in the runner's words. */
export const NEEDS: Record<Need, string> = {
  postgres: 'PostgreSQL: TEST_DATABASE_URL',
  build: 'the built web app: npm run build',
  base: 'another checkout: BASE (see its header)',
};

/** The command that runs one bench from the repository's root. */
export function commandOf(bench: Bench): string {
  return `node --import tsx bench/${bench.name}.bench.ts`;
}
