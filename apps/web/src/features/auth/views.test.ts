import { describe, expect, it } from 'vitest';
import { assistantParams, assistantQuery } from './views';

const q = (s: string) => new URLSearchParams(s);
const OAUTH =
  'client_id=skill-1&redirect_uri=https%3A%2F%2Flayla.amazon.com%2Fapi%2Fskill%2Flink&state=s1&scope=email&response_type=code';

describe('assistantParams', () => {
  it('passes old-style Alexa and MSBot parameters on with the password sign-in (spec 1 §2.4)', () => {
    expect(assistantParams(q(`client=alexa&${OAUTH}`))).toEqual({
      assistant: true,
      client: 'alexa',
      oauth: {
        client_id: 'skill-1',
        redirect_uri: 'https://layla.amazon.com/api/skill/link',
        state: 's1',
        scope: 'email',
        response_type: 'code',
      },
    });
    expect(assistantParams(q(`assistant=MSBot&${OAUTH}`)).client).toBe('msbot');
    // Another scope or response type flags the assistant but passes nothing on.
    expect(assistantParams(q('client=alexa&client_id=x&scope=ask&response_type=code'))).toEqual({
      assistant: true,
      client: 'alexa',
      oauth: undefined,
    });
  });

  it('takes an MCP client, and with an interaction ends on the consent view instead of passing OAuth on', () => {
    expect(assistantParams(q(`client=mcp&${OAUTH}&interaction=uid-7`))).toEqual({
      assistant: true,
      client: 'mcp',
      interaction: 'uid-7',
    });
    expect(assistantParams(q(`client=alexa&${OAUTH}&interaction=uid-8`))).toEqual({
      assistant: true,
      client: 'alexa',
      interaction: 'uid-8',
    });
    // An empty interaction is the old style.
    expect(assistantParams(q(`client=alexa&${OAUTH}&interaction=`)).interaction).toBeUndefined();
  });

  it('is not an assistant sign-in without a known client and a client_id', () => {
    expect(assistantParams(q(`client=siri&${OAUTH}`))).toEqual({ assistant: false });
    expect(assistantParams(q('client=alexa&interaction=uid-1'))).toEqual({ assistant: false });
    expect(assistantParams(q(''))).toEqual({ assistant: false });
  });
});

describe('assistantQuery', () => {
  it('keeps the assistant parameters and drops the rest (the anti-forgery token above all)', () => {
    const kept = q(assistantQuery(q(`xsrfToken=secret&email=a%40b.c&client=mcp&${OAUTH}&interaction=u1`)));
    expect([...kept.keys()]).toEqual([
      'client',
      'client_id',
      'redirect_uri',
      'state',
      'scope',
      'response_type',
      'interaction',
    ]);
    expect(kept.get('redirect_uri')).toBe('https://layla.amazon.com/api/skill/link');
    expect(kept.has('xsrfToken')).toBe(false);
  });
});
