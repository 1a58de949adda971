import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { assistantResources } from '../../src/modules/assistants/assistant-access';
import {
  assistantEnv,
  authorize,
  linkAssistant,
  pkcePair,
  TEST_ASSISTANT_CLIENTS,
  tokenRequest,
} from '../assistants';
import { buildTestApp, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';
import { login } from '../peers/factories';

const DEMO = { email: 'demo@parley.local', password: 'Demo-pass-123!' };
const PUBLIC_URL = 'http://localhost:8080';
const resources = assistantResources(PUBLIC_URL);
const { alexa, msbot } = TEST_ASSISTANT_CLIENTS;

describe.each(TEST_DATABASES)('assistant account linking (OAuth) on %s', (kind) => {
  let t: TestApp;
  let now = new Date(TEST_NOW).getTime();
  let session: Awaited<ReturnType<typeof login>>;
  const access = () => t.app.services.assistantAccess;
  const countRows = async (table: string) =>
    Number(
      ((await t.app.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }).rows[0]!.n,
    );

  beforeAll(async () => {
    t = await buildTestApp(kind, assistantEnv(PUBLIC_URL), () => new Date(now));
    session = await login(t.app, DEMO);
  }, 120_000);
  afterAll(() => t?.close());

  it('links Alexa (HTTP Basic) end to end; the token asks as the demo user on the assistants resource', async () => {
    const tokens = await linkAssistant(t.app, session, alexa);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'email' });
    expect(tokens.refresh_token).toBeTruthy();
    const principal = await access().verify(tokens.access_token, { resource: resources.assistants, scope: 'ask' });
    expect(principal).toMatchObject({ clientId: alexa.id, kind: 'alexa', scopes: ['email'] });
    const actor = await access().actor(principal as never);
    expect(actor).toMatchObject({ email: DEMO.email, projectId: 'default' });
  });

  it('links MSBot with body credentials, and refreshes with rotation', async () => {
    const tokens = await linkAssistant(t.app, session, msbot);
    const res = await tokenRequest(t.app, msbot, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(await access().verify(next.access_token, { resource: resources.assistants })).toMatchObject({
      kind: 'msbot',
    });
  });
});
