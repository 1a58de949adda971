import { describe, expect, it } from 'vitest';
import { effectiveScopes } from './oauth-access.service';
import { clientKind, configuredClients, providerKeys } from './oauth-clients';
import { grantedScopes } from './oauth-interactions.service';
import { loginUrl } from './oauth-server';

const config = {
  ALEXA_CLIENT_ID: 'alexa-id',
  ALEXA_CLIENT_SECRET: 'alexa-secret-0123456789',
  ALEXA_REDIRECT_URIS: ['https://pitangui.amazon.com/api/skill/link/M2X'],
  ALEXA_CLIENT_AUTH: 'basic' as const,
  MSBOT_CLIENT_ID: undefined,
  MSBOT_CLIENT_SECRET: 'msbot-secret-0123456789',
  MSBOT_REDIRECT_URIS: ['https://token.botframework.com/.auth/web/redirect'],
  MSBOT_CLIENT_AUTH: 'post' as const,
};

describe('assistant clients from configuration', () => {
  it('registers a client only with both id and secret, with its auth method', () => {
    const clients = configuredClients(config);
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({
      kind: 'alexa',
      client: { client_id: 'alexa-id', token_endpoint_auth_method: 'client_secret_basic' },
    });
    const both = configuredClients({ ...config, MSBOT_CLIENT_ID: 'bot' });
    expect(both.map((c) => c.client.token_endpoint_auth_method)).toEqual([
      'client_secret_basic',
      'client_secret_post',
    ]);
  });

  it('names the kind: configured ids, else an MCP client', () => {
    expect(clientKind(config, 'alexa-id')).toBe('alexa');
    expect(clientKind({ ...config, MSBOT_CLIENT_ID: 'bot' }, 'bot')).toBe('msbot');
    expect(clientKind(config, 'https://client.example/c.json')).toBe('mcp');
    expect(clientKind(config, '')).toBe('mcp');
  });

  it('derives the same provider keys from the same secret, others from another', () => {
    const a = providerKeys('s'.repeat(64));
    expect(providerKeys('s'.repeat(64))).toEqual(a);
    expect(a.jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(providerKeys('t'.repeat(64)).jwk.d).not.toBe(a.jwk.d);
    expect(providerKeys('t'.repeat(64)).cookieKeys).not.toEqual(a.cookieKeys);
  });
});

describe('scopes', () => {
  it('grants only known scopes, once each', () => {
    expect(grantedScopes('email ask admin email')).toEqual(['email', 'ask']);
    expect(grantedScopes(undefined)).toEqual([]);
  });

  it('widens email to asking and collections for Alexa and MSBot, not for MCP clients', () => {
    expect([...effectiveScopes('alexa', ['email'])].sort()).toEqual(['ask', 'collections:read', 'email']);
    expect([...effectiveScopes('mcp', ['email'])]).toEqual(['email']);
  });
});

describe('the assistant sign-in URL', () => {
  it('carries the spec 1 §2.4 parameters and the interaction uid', () => {
    const url = loginUrl('alexa', {
      uid: 'u1',
      params: {
        client_id: 'c',
        redirect_uri: 'https://r',
        state: 's&x',
        scope: 'email',
        response_type: 'code',
        code_challenge: 'x',
      },
    });
    expect(url).toBe(
      '/login?client=alexa&client_id=c&redirect_uri=https%3A%2F%2Fr&state=s%26x&scope=email&response_type=code&interaction=u1',
    );
  });
});
