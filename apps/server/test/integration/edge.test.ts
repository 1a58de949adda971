import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseUrl } from '@parley/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { cspDirectives } from '../../src/plugins/security-headers.plugin';
import {
  buildTestApp,
  type Client,
  createPostgresDatabase,
  DEMO,
  openTestDatabase,
  signIn,
  TEST_DEMO_DATASET,
  type TestApp,
} from '../helpers';
import { passwordLogin } from '../peers/factories';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The app beside a built web app (index.html and one asset), on a PGlite database. */
async function appWithWeb(
  env: Record<string, string>,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-'));
  const webRoot = join(dataDir, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Parley</title>');
  writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'false', ...env });
  const db = await openTestDatabase();
  const app = await buildApp({ config, database: db.database, webRoot, demoDataset: TEST_DEMO_DATASET });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

describe('security headers', () => {
  let http: Awaited<ReturnType<typeof appWithWeb>>;
  let https: Awaited<ReturnType<typeof appWithWeb>>;

  beforeAll(async () => {
    http = await appWithWeb({});
    https = await appWithWeb({ PUBLIC_URL: 'https://parley.example.com' });
  }, 120_000);
  afterAll(async () => {
    await http?.close();
    await https?.close();
  });

  const answers = (app: FastifyInstance): Promise<[string, LightMyRequestResponse][]> =>
    Promise.all(
      (
        [
          ['the app', 'GET', '/', undefined],
          ['a history route', 'GET', '/user/datasources', undefined],
          ['an asset', 'GET', '/assets/app-1234.js', undefined],
          ['a missing asset', 'GET', '/assets/missing.js', undefined],
          ['a JSON answer', 'GET', '/auth/config', undefined],
          ['an unknown API path', 'GET', '/api/nope', undefined],
          ['a signed-out call', 'GET', '/features/collections', undefined],
          ['a refused body', 'POST', '/auth/loginwithpassword', { email: 1 }],
          ['a HEAD', 'HEAD', '/auth/config', undefined],
        ] as const
      ).map(
        async ([name, method, url, payload]) => [name, await app.inject({ method, url, payload })] as const,
      ),
    ) as Promise<[string, LightMyRequestResponse][]>;

  it('are on every answer: CSP fit for the app, no framing, nosniff, no referrer; no HSTS on http', async () => {
    for (const [name, res] of await answers(http.app)) {
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, name).toContain("default-src 'self'");
      expect(csp, name).toContain("script-src 'self'");
      expect(csp, name).toContain("frame-ancestors 'none'");
      expect(csp, name).toContain("object-src 'none'");
      expect(csp, name).not.toContain('unsafe-eval');
      expect(csp, name).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, name).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['referrer-policy'], name).toBe('no-referrer');
      expect(res.headers['x-frame-options'], name).toBe('DENY');
      expect(res.headers['strict-transport-security'], name).toBeUndefined();
    }
  });

  it('add HSTS and upgraded requests when PUBLIC_URL is https', async () => {
    for (const [name, res] of await answers(https.app)) {
      expect(res.headers['strict-transport-security'], name).toMatch(/^max-age=\d{7,}/);
      expect(res.headers['content-security-policy'], name).toContain('upgrade-insecure-requests');
    }
  });

  it("let the configured challenge provider's script and frame in, and only then", () => {
    expect(cspDirectives({ CAPTCHA_PROVIDER: 'none' }).scriptSrc).toEqual(["'self'"]);
    const turnstile = cspDirectives({ CAPTCHA_PROVIDER: 'turnstile' });
    expect(turnstile.scriptSrc).toContain('https://challenges.cloudflare.com');
    expect(turnstile.frameSrc).toContain('https://challenges.cloudflare.com');
    expect(cspDirectives({ CAPTCHA_PROVIDER: 'recaptcha' }).scriptSrc).toContain(
      'https://www.gstatic.com/recaptcha/',
    );
    expect(cspDirectives({ CAPTCHA_PROVIDER: 'hcaptcha' }).connectSrc).toContain('https://*.hcaptcha.com');
  });
});

/** A raw TCP client: what it was sent back, and whether the server closed it within `cap` ms. */
function rawClient(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => {
    received += d;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    socket,
    received: () => received,
    /** True once the server has closed the connection, false if it is still open after `cap` ms. */
    closedWithin: (cap: number) =>
      Promise.race([closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), cap))]),
  };
}

/** Writes `text` a piece at a time every `everyMs` until the socket closes or the text runs out. */
function trickle(socket: Socket, text: string, pieces: number, everyMs: number): () => void {
  const size = Math.ceil(text.length / pieces);
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text.slice(at, at + size));
    at += size;
  }, everyMs);
  return () => clearInterval(timer);
}

const multipartUpload = (boundary: string, name: string, content: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;

describe('slow clients (REQUEST_TIMEOUT_MS 1 s, UPLOAD_TIMEOUT_MS 4 s)', () => {
  let t: TestApp;
  let port: number;
  let demo: Client;
  // Far past every deadline: a connection still open then was never going to be closed.
  const CAP = 20_000;

  beforeAll(async () => {
    t = await buildTestApp('pglite', { REQUEST_TIMEOUT_MS: '1000', UPLOAD_TIMEOUT_MS: '4000' }, undefined, {
      worker: false,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(() => t.close());

  const uploadHeaders = (length: number, boundary: string) =>
    `POST /api/v1/datasource/upload HTTP/1.1\r\nHost: localhost\r\nCookie: ${demo.cookie}\r\nX-XSRF-TOKEN: ${demo.xsrf}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`;

  it('closes a client that never finishes its headers', async () => {
    const c = rawClient(port);
    c.socket.write(
      'POST /auth/loginwithpassword HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n',
    );
    expect(await c.closedWithin(CAP)).toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a client that sends its headers and then trickles the body', async () => {
    const c = rawClient(port);
    c.socket.write(
      'POST /auth/loginwithpassword HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n{',
    );
    const stop = trickle(c.socket, 'x'.repeat(1999), 1999, 100);
    expect(await c.closedWithin(CAP)).toBe(true);
    stop();
    expect(c.received()).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes a client that sends part of its body and stops', async () => {
    const c = rawClient(port);
    c.socket.write(
      'POST /features/conversations/query HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"phrase":',
    );
    expect(await c.closedWithin(CAP)).toBe(true);
  });

  it('takes an upload that keeps arriving for longer than REQUEST_TIMEOUT_MS', async () => {
    const body = multipartUpload('b0undary', 'slow.csv', `day,amount\n${'2026-01-01,3\n'.repeat(200)}`);
    const c = rawClient(port);
    c.socket.write(uploadHeaders(Buffer.byteLength(body), 'b0undary'));
    // About two seconds in all, never a second without a byte.
    trickle(c.socket, body, 8, 250);
    const answered = await new Promise<string>((resolve) => {
      const check = setInterval(() => {
        if (/\r\n\r\n\{.*\}/s.test(c.received()) || c.socket.destroyed) {
          clearInterval(check);
          resolve(c.received());
        }
      }, 50);
    });
    expect(answered).toMatch(/^HTTP\/1\.1 200/);
    expect(answered).toContain('"datasource_id"');
    c.socket.destroy();
  });

  it('closes an upload that stalls', async () => {
    const body = multipartUpload('b0undary', 'stall.csv', `day,amount\n${'2026-01-01,3\n'.repeat(200)}`);
    const c = rawClient(port);
    c.socket.write(uploadHeaders(Buffer.byteLength(body), 'b0undary') + body.slice(0, 300));
    expect(await c.closedWithin(CAP)).toBe(true);
    expect(c.received()).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes an upload that trickles past UPLOAD_TIMEOUT_MS', async () => {
    const body = multipartUpload('b0undary', 'trickle.csv', `day,amount\n${'2026-01-01,3\n'.repeat(2000)}`);
    const c = rawClient(port);
    c.socket.write(uploadHeaders(Buffer.byteLength(body), 'b0undary'));
    const stop = trickle(c.socket, body, 2000, 200);
    expect(await c.closedWithin(CAP)).toBe(true);
    stop();
    expect(c.received()).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('still answers an ordinary request over the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/auth/config`);
    expect(res.status).toBe(200);
  });
});

describe('upload refusals through the route', () => {
  let t: TestApp;
  let demo: Client;

  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, undefined, { worker: false });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(() => t.close());

  it.each([
    [
      'a CSV with a ragged line',
      'x.csv',
      'a,b,c,d\n1,2,3,4\nSECRET,6,7,8,9\n',
      /^The file could not be read as CSV: line 3 has 5 fields where the header has 4\.$/,
    ],
    ['a binary file named .csv', 'x.csv', '\u0000\u0001\u0002'.repeat(50), /binary/],
    ['an empty file', 'x.csv', '', /^The file is empty\.$/],
    ['a Parquet file that is not Parquet', 'x.parquet', `PAR1${'SECRET'.repeat(30)}PAR1`, /Parquet/],
  ])('%s: 400 in the user’s terms, nothing of the server or the file', async (_, name, content, expected) => {
    const res = await demo.inject({
      method: 'POST',
      url: '/api/v1/datasource/upload',
      payload: multipartUpload('b0undary', name, content),
      headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
    });
    expect(res.statusCode, res.body).toBe(400);
    const { message } = res.json();
    expect(message).toMatch(expected);
    for (const leak of [t.config.DATA_DIR, tmpdir(), 'SELECT', 'read_', 'SECRET', 'Error:'])
      expect(message).not.toContain(leak);
  });
});

describe('the demo password', () => {
  it('is told to the caller only when ensureDemo generated it', async () => {
    const t = await buildTestApp('pglite', { DEMO: 'false', DEMO_PASSWORD: '' }, undefined, {
      worker: false,
    });
    try {
      const first = await t.app.services.demo.ensureDemo();
      expect(first.password.source).toBe('generated');
      const password = first.password.source === 'generated' ? first.password.value : '';
      expect((await passwordLogin(t.app, first.email, password)).statusCode).toBe(200);
      expect(await t.app.services.demo.ensureDemo()).toEqual({
        email: first.email,
        password: { source: 'earlier' },
      });
    } finally {
      await t.close();
    }
  }, 120_000);

  /** Starts main.ts as `npm start` does and answers what it printed up to the banner's demo line. */
  async function banner(env: Record<string, string>): Promise<string> {
    const free = createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', () => r()));
    const port = (free.address() as AddressInfo).port;
    await new Promise<void>((r) => free.close(() => r()));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-banner-')),
        DEMO_END_DATE: '2026-11-20',
        DEMO_SCALE: '0.02',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const exited = new Promise<void>((r) => child.on('exit', () => r()));
    await Promise.race([
      new Promise<void>((r) => {
        const check = setInterval(() => {
          if (output.includes('Demo sign-in')) {
            clearInterval(check);
            r();
          }
        }, 100);
      }),
      exited,
    ]);
    child.kill('SIGTERM');
    await exited;
    return output;
  }

  it('never prints the DEMO_PASSWORD an operator set', async () => {
    const output = await banner({ DEMO_PASSWORD: 'Operator-set-pass-9!' });
    expect(output).toContain('Demo sign-in: demo@parley.local / (the DEMO_PASSWORD you set)');
    expect(output).not.toContain('Operator-set-pass-9!');
  }, 120_000);

  it.runIf(testDatabaseUrl())(
    'never prints a generated one into the log in server mode',
    async () => {
      const db = await createPostgresDatabase();
      try {
        const output = await banner({ DATABASE_URL: db.url, DEMO: 'true' });
        expect(output).toContain('not shown in server mode');
        expect(output).not.toMatch(/[A-Za-z0-9_-]{12}-7a!/);
      } finally {
        await db.drop();
      }
    },
    120_000,
  );
});
