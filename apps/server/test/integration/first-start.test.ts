import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabaseUrl } from '@parley/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helpers';
import { type MainProcess, startMainProcess } from '../peers/main-process';
import { recipients, type SmtpPeer, startSmtpPeer } from '../peers/smtp';

const SIGNUPS_PER_PROCESS = 12;

// Two web processes started together on an empty PostgreSQL database, each taking sign-ups the
// moment it listens: every 200 must become a mail, and both must stay up (creating the
// job queue once deadlocked under early traffic and dropped the mails).
describe.skipIf(!testDatabaseUrl())('the first start on an empty PostgreSQL database', () => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());

  it.each([1, 2])(
    'start %i: migrates once, creates the queues once and mails every accepted sign-up',
    async (round) => {
      const database = await createPostgresDatabase(undefined, { empty: true });
      const processes: MainProcess[] = [];
      try {
        const env = (n: number) => ({
          DATABASE_URL: database.url,
          DATA_DIR: mkdtempSync(join(tmpdir(), `parley-first-${round}-${n}-`)),
          SMTP_URL: smtp.url,
          PUBLIC_URL: 'http://localhost:8080',
        });
        const envs = [env(1), env(2)];
        const started = await Promise.all(envs.map((e) => startMainProcess(e)));
        processes.push(...started);
        const emails: string[] = [];
        const answers = await Promise.all(
          started.flatMap((p, n) =>
            Array.from({ length: SIGNUPS_PER_PROCESS }, async (_, i) => {
              const email = `first-${round}-${n}-${i}-${Date.now().toString(36)}@example.com`;
              emails.push(email);
              const res = await fetch(`${p.url}/auth/signup`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email, token: 'x' }),
              });
              return { email, status: res.status };
            }),
          ),
        );
        expect(answers.filter((a) => a.status !== 200)).toEqual([]);
        for (const { email } of answers) {
          await smtp.waitFor((m) => recipients(m).includes(email), 30_000);
        }
        for (const p of started) expect(p.child.exitCode, p.output()).toBeNull();
        // Server mode keeps its generated secrets in the database, not on either process's disk.
        for (const p of started) expect(p.output()).not.toMatch(/error/i);
        const check = new pg.Client({ connectionString: database.url });
        await check.connect();
        const secrets = await check.query(
          "SELECT count(*)::int AS n FROM app_settings WHERE key LIKE '%secret%' OR key LIKE '%key%'",
        );
        await check.end();
        expect(secrets.rows[0].n).toBe(2);
        for (const e of envs) expect(readdirSync(e.DATA_DIR)).not.toContain('secrets.json');
      } finally {
        await Promise.all(processes.map((p) => p.kill()));
        await database.drop();
      }
    },
    180_000,
  );
});
