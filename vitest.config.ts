import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; the web project gets a DOM, the rest run on Node.
export default defineConfig({
  test: {
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
          // Migrates the template databases once per run; each test app gets a copy.
          globalSetup: ['apps/server/test/peers/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/test/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
