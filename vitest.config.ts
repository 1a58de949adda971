import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const WEB_TESTS = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/test/**/*.test.{ts,tsx}'];
/** Tests that parse or sanitise HTML: happy-dom's parser differs from a browser's there, jsdom's does not. */
const JSDOM_TESTS = [
  'apps/web/src/features/help/markdown.test.ts',
  'apps/web/**/*saniti*.test.{ts,tsx}',
  'apps/web/**/*{safe-html,SafeHtml}*.test.{ts,tsx}',
];

// One runner for every unit and API test; the web projects get a DOM, the rest run on Node.
export default defineConfig({
  test: {
    // Every core: most files wait on a database or a DuckDB thread part of the time (vitest's
    // default leaves one core to its idle main process).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/server/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share a worker's loaded modules instead of importing the app again each; every
          // file closes what it opens and restores what it patches.
          isolate: false,
          // Prepares the template databases once per run; each test app gets a copy.
          globalSetup: ['apps/server/test/peers/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: WEB_TESTS,
          exclude: [...configDefaults.exclude, ...JSDOM_TESTS],
        },
      },
      {
        test: {
          name: 'web-jsdom',
          environment: 'jsdom',
          include: JSDOM_TESTS,
        },
      },
    ],
  },
});
