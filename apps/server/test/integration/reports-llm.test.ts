import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_JOB } from '../../src/modules/reports/reports.service';
import { buildTestApp, type Client, DEMO, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { recipients, type SmtpPeer, startSmtpPeer } from '../peers/smtp';

/** An OpenAI-compatible stand-in whose summary `write` makes from the excerpts it is sent. */
function standIn(write: (excerpts: string[]) => string) {
  let calls = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      calls++;
      const body = JSON.parse(raw);
      const user = JSON.parse(body.messages.at(-1).content);
      const content = JSON.stringify({ summary: write(user.excerpts as string[]) });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  return { server, calls: () => calls };
}

const PROFILE = {
  business_name: 'Northwind Outfitters',
  company_type: 'Private limited company (Ltd)',
  locations_of_operation: ['GB'],
  business_description: 'Outdoor clothing sold online.',
  core_services: 'E-commerce retail',
  primary_industry: 'G47 Retail trade',
  target_client_types: 'Consumers',
  target_client_names: ['Acme Corp'],
  strategic_priorities: 'Grow EMEA revenue.',
  goals_okrs: 'Revenue +15% year on year',
  geography_focus: ['EMEA'],
};

const summaryOf = (mail: ParsedMail) =>
  mail.text!.split('Executive summary\n-----------------\n')[1]!.split('\n\n')[0]!;

describe.each(TEST_DATABASES.slice(0, 1))('report narration with LLM_BASE_URL on %s', (kind) => {
  let smtp: SmtpPeer;
  let t: TestApp;
  let demo: Client;
  let write: (excerpts: string[]) => string = () => '';
  const llm = standIn((excerpts) => write(excerpts));

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    await new Promise<void>((r) => llm.server.listen(0, '127.0.0.1', r));
    const { port } = llm.server.address() as AddressInfo;
    t = await buildTestApp(
      kind,
      { SMTP_URL: smtp.url, LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, REPORT_COOLDOWN_EXEMPT: DEMO.email },
      undefined,
      { worker: false },
    );
    demo = await signIn(t.app, DEMO.email, DEMO.password);
    const saved = await demo.inject({
      method: 'PUT',
      url: '/features/deep-research-report',
      payload: { report: 'organisation_strategy', profile: PROFILE },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    llm.server.close();
  });

  const generate = async (): Promise<ParsedMail> => {
    const before = smtp.messages.length;
    const run = await demo.inject({
      method: 'PUT',
      url: '/features/deep-research-report/run',
      payload: { report: 'organisation_strategy' },
    });
    expect(run.statusCode, run.body).toBe(200);
    await t.app.services.queue.drain(REPORT_JOB);
    await t.app.services.mail.flush();
    const mails = smtp.messages.slice(before).filter((m) => recipients(m).includes(DEMO.email));
    expect(mails).toHaveLength(1);
    return mails[0]!;
  };

  it('uses the model’s summary when every number in it is one of the computed facts, counting the AI quota', async () => {
    const usage = async () =>
      (await demo.inject({ method: 'GET', url: '/api/v1/subscription' })).json().usage.gpt_insights as number;
    const used = await usage();
    write = (excerpts) => `In short: ${excerpts[0]} The drivers section explains why.`;
    const mail = await generate();
    expect(summaryOf(mail)).toMatch(
      /^In short: Revenue was \$[\d,]+ in .+ The drivers section explains why\.$/,
    );
    expect(llm.calls()).toBe(1);
    expect(await usage()).toBe(used + 1);
  });

  it('falls back to the template when the model quotes a number that is not among the facts', async () => {
    write = (excerpts) => `${excerpts[0]} Revenue will reach $99,999,999 next year.`;
    const mail = await generate();
    const summary = summaryOf(mail);
    expect(summary).not.toContain('99,999,999');
    expect(summary).toMatch(/^Revenue reached \$[\d,]+ in .+, [+−][\d.]+% on the previous period\. /);
    expect(llm.calls()).toBe(2);
  });
});
