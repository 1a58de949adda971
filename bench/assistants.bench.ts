/**
 * The assistants' two time limits (issue 33): the token endpoint (a code exchanged, a refresh
 * token rotated) well under 1 s, and an Alexa skill request well under 2 s (Alexa waits 8 s).
 * The app as it runs, with the Alexa client configured and the stand-in's PKI trusted; every
 * request from the bench client's process. Baselines in the same turns: the HTTP floor (a bare
 * route), and the same question through the conversation screen's route, so the skill's own work
 * (signature and chain checks, token check, speech, card) is the difference.
 * Run: node --import tsx bench/assistants.bench.ts   (RUNS=30, QUESTION="revenue by region last month")
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  alexaRequest,
  amazonChainUrl,
  createAlexaCertificates,
  signAlexaRequest,
  startAlexaChainHost,
} from '@parley/testing/standins/alexa-standin';
import { type BenchApp, startApp } from './lib/app';
import { inTurns, startHttpFloor } from './lib/baselines';
import { END_DATE } from './lib/demo';
import { WARM_QUESTION } from './lib/questions';
import { median, today, writeSection } from './lib/results';

const RUNS = Number(process.env.RUNS ?? 30);
const QUESTION = process.env.QUESTION ?? WARM_QUESTION;
const NOW = new Date(`${END_DATE}T12:00:00Z`);
const SKILL_ID = 'amzn1.ask.skill.00000000-0000-0000-0000-00000000bench';
const CLIENT = {
  id: 'alexa-bench',
  secret: 'alexa-bench-secret-0123456789abcdef01234567',
  redirectUri: 'https://pitangui.amazon.com/api/skill/link/M2BENCH',
};
const BASIC = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded', authorization: BASIC };

/** One authorisation through the consent step, untimed (fetch, redirects by hand): a fresh code and its verifier. */
async function authorizeOnce(app: BenchApp): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: CLIENT.id,
    redirect_uri: CLIENT.redirectUri,
    response_type: 'code',
    scope: 'email',
    state: randomBytes(6).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const start = await fetch(`${app.base}/oauth/authorize?${query}`, { redirect: 'manual' });
  const cookies = start.headers.getSetCookie().map((c) => c.split(';')[0]);
  const uid = new URL(start.headers.get('location')!, app.base).searchParams.get('interaction');
  // The browser that started the request answers it: its cookies go with the session's.
  const headers = { ...app.headers, cookie: [app.headers.cookie, ...cookies].join('; ') };
  const consent = await app.post(`${app.base}/api/v1/oauth/interaction/${uid}/consent`, '{}', headers);
  if (consent.status !== 200) throw new Error(`consent failed (${consent.status}): ${consent.body}`);
  let next = new URL(String(JSON.parse(consent.body).redirect), app.base);
  while (`${next.origin}${next.pathname}` !== CLIENT.redirectUri) {
    const hop = await fetch(next, { redirect: 'manual', headers: { cookie: cookies.join('; ') } });
    next = new URL(hop.headers.get('location')!, app.base);
  }
  return { code: next.searchParams.get('code')!, verifier };
}

const certs = createAlexaCertificates(NOW);
const chains = await startAlexaChainHost(certs);
const app = await startApp({
  resultCacheSize: 0,
  env: {
    PUBLIC_URL: 'http://localhost:8080',
    ALEXA_CLIENT_ID: CLIENT.id,
    ALEXA_CLIENT_SECRET: CLIENT.secret,
    ALEXA_REDIRECT_URIS: CLIENT.redirectUri,
    ALEXA_SKILL_ID: SKILL_ID,
  },
  build: { alexa: { trustedRoots: [certs.rootPem], fetchChain: chains.fetchChain } },
});
const tokenUrl = `${app.base}/oauth/token`;

const samples = new Map<string, number[]>();
const keep = (label: string, ms: number) => samples.set(label, [...(samples.get(label) ?? []), ms]);
const expectOk = (what: string, reply: { status: number; body: string }) => {
  if (reply.status !== 200) throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 200)}`);
  return JSON.parse(reply.body) as Record<string, string>;
};

let tokens = { access_token: '', refresh_token: '' };
const exchange = async () => {
  const { code, verifier } = await authorizeOnce(app);
  const form = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CLIENT.redirectUri,
    code_verifier: verifier,
  };
  const reply = await app.post(tokenUrl, new URLSearchParams(form).toString(), FORM);
  tokens = expectOk('the code exchange', reply) as typeof tokens;
  keep('exchange', reply.ms);
};
const refresh = async () => {
  const form = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token };
  const reply = await app.post(tokenUrl, new URLSearchParams(form).toString(), FORM);
  tokens = expectOk('the refresh', reply) as typeof tokens;
  keep('refresh', reply.ms);
};
const skill = async () => {
  const envelope = alexaRequest(
    { type: 'IntentRequest', intent: 'AskIntent', slots: { question: QUESTION } },
    { applicationId: SKILL_ID, timestamp: NOW.toISOString(), accessToken: tokens.access_token },
  );
  const signed = signAlexaRequest(JSON.stringify(envelope), {
    keyPem: certs.chains.valid.keyPem,
    certUrl: amazonChainUrl('valid'),
  });
  const reply = await app.post(`${app.base}/assistants/alexa`, signed.payload, signed.headers);
  const answer = expectOk('the skill request', reply) as unknown as { response: { card?: { type: string } } };
  if (answer.response.card?.type !== 'Standard') throw new Error(`no card: ${reply.body.slice(0, 200)}`);
  keep('skill', reply.ms);
};
const screen = async () => keep('screen', (await app.ask(QUESTION)).ms);

const floor = await startHttpFloor(app);
floor.reply('{"access_token":"x"}');
for (let i = 0; i < 5; i++) await inTurns(1, [exchange, refresh, skill, screen]); // warm: JIT, chain cached
samples.clear();
await inTurns(RUNS, [exchange, refresh, skill, screen, async () => keep('floor', await floor.time())]);
await floor.close();
await app.close();
await chains.close();

const m = (label: string) => median(samples.get(label)!);
const p95 = (label: string) => [...samples.get(label)!].sort((a, b) => a - b)[Math.floor(0.95 * RUNS)]!;
const rows: [string, string][] = [
  ['a code exchanged at `/oauth/token` (HTTP Basic, PKCE)', 'exchange'],
  ['a refresh token rotated at `/oauth/token`', 'refresh'],
  [`an Alexa \`AskIntent\` (“${QUESTION}”): verified, answered, spoken`, 'skill'],
  ['— the same question on the conversation screen’s route', 'screen'],
  ['— the HTTP floor: a bare route, same client', 'floor'],
];
const body = `Command: \`RUNS=${RUNS} node --import tsx bench/assistants.bench.ts\` (result cache off, scale 1, one request at a time from the bench client's process, the requests in turns), ${today()}.
Targets (issue 33): the token endpoint well under 1 s, a skill request well under 2 s.

| request | median ms | p95 ms |
|---|---|---|
${rows.map(([name, label]) => `| ${name} | ${m(label).toFixed(1)} | ${p95(label).toFixed(1)} |`).join('\n')}

The skill's own work (request checks, token check, speech, card) is its median less the screen's: ${(m('skill') - m('screen')).toFixed(1)} ms.`;
writeSection('Assistants: token endpoint and Alexa skill request', body);
console.log(body);
process.exit(0);
