// Size of the JavaScript the /login route loads, gzip-compressed, as a browser really requests it:
// Debian's Chromium opens /login on the built app and every script response is counted.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { writeSection } from './results';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 170;
const port = 18_700;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-bench-size-')),
    PORT: String(port),
    LOG_LEVEL: 'silent',
    DEMO_END_DATE: '2026-11-20',
  },
  stdio: 'ignore',
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/auth/config`)).ok) break;
    } catch {}
    if (i > 3000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body();
    scripts.push({
      url: new URL(res.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-email').waitFor();
  await browser.close();
  const total = scripts.reduce((s, x) => s + x.gzip, 0) / 1024;
  const rows = scripts
    .sort((a, b) => b.gzip - a.gzip)
    .map((s) => `| \`${s.url}\` | ${(s.raw / 1024).toFixed(1)} KB | ${(s.gzip / 1024).toFixed(1)} KB |`)
    .join('\n');
  const body = `Command: \`npm run build && npm run bench -w bench -- login-size\`, ${new Date().toISOString().slice(0, 10)}.
Chromium opens \`/login\` on the built app; every script it loads is gzip-compressed (level 9) and summed.

**Total: ${total.toFixed(1)} KB gzip** (budget ${BUDGET_KB} KB — ${total <= BUDGET_KB ? 'within' : 'OVER'}), ${scripts.length} files.

| file | raw | gzip |
|---|---|---|
${rows}`;
  writeSection('Login route JavaScript', body);
  console.log(body);
} finally {
  server.kill('SIGTERM');
}
