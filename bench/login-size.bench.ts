/**
 * Size of the JavaScript the /login route loads, gzip-compressed, as a browser really requests it:
 * Debian's Chromium (CHROMIUM_PATH) opens /login on the built app and every script response is counted.
 * Run: npm run build && node --import tsx bench/login-size.bench.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServerProcess } from './lib/app';
import { stop } from './lib/process';
import { today, writeSection } from './lib/results';

const BUDGET_KB = 170;
const { child, base } = await startServerProcess(mkdtempSync(join(tmpdir(), 'parley-bench-size-')));
try {
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
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-email').waitFor();
  await browser.close();
  const total = scripts.reduce((s, x) => s + x.gzip, 0) / 1024;
  const rows = scripts
    .sort((a, b) => b.gzip - a.gzip)
    .map((s) => `| \`${s.url}\` | ${(s.raw / 1024).toFixed(1)} KB | ${(s.gzip / 1024).toFixed(1)} KB |`)
    .join('\n');
  const body = `Command: \`npm run build && node --import tsx bench/login-size.bench.ts\`, ${today()}.
Chromium opens \`/login\` on the built app; every script it loads is gzip-compressed (level 9) and summed.

**Total: ${total.toFixed(1)} KB gzip** (budget ${BUDGET_KB} KB — ${total <= BUDGET_KB ? 'within' : 'OVER'}), ${scripts.length} files.

| file | raw | gzip |
|---|---|---|
${rows}`;
  writeSection('Login route JavaScript', body);
  console.log(body);
} finally {
  await stop(child);
}
