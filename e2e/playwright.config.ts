import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { TIME_ZONE, today } from './tests/dates';

const PORT = Number(process.env.E2E_PORT ?? 8391);
export const BASE_URL = `http://localhost:${PORT}`;
// A fresh DATA_DIR per run: the app starts as it would on a fresh clone (secrets, database, demo data).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'parley-e2e-'));
// Shared with the tests through the environment, since workers evaluate this file again.
process.env.E2E_DATA_DIR = dataDir;
export const MAIL_DIR = join(dataDir, 'mail');

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    timezoneId: TIME_ZONE,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser; flags keep it off this machine's closed network.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx start-server.ts',
    url: `${BASE_URL}/auth/config`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: 'Demo-pass-123!',
      // The demo data ends today in the browser's time zone, as on a user's own install, so "this
      // month" has data; the tests work their periods out from the same day (tests/dates.ts).
      DEMO_END_DATE: today(),
      LOG_LEVEL: 'warn',
      MAIL_DIR: MAIL_DIR,
      SUPPORT_EMAIL: 'support@parley.test',
    },
  },
});
