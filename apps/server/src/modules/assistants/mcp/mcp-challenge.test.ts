import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  insufficientScopeChallenge,
  protectedResourceMetadata,
  scopesNeeded,
  unauthorizedChallenge,
} from './mcp-challenge';

const call = (name: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } });

describe('MCP challenges', () => {
  it('reads a bearer token from the Authorization header only', () => {
    expect(bearerToken('Bearer abc.DEF-_~+/=')).toBe('abc.DEF-_~+/=');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });

  it('needs each called tool’s scope, and none for other methods or unknown tools', () => {
    expect(scopesNeeded(call('ask'))).toEqual(['ask']);
    expect(scopesNeeded(call('get_collection'))).toEqual(['collections:read']);
    expect(scopesNeeded([call('list_sources'), call('list_collections'), call('ask')])).toEqual([
      'ask',
      'collections:read',
    ]);
    expect(scopesNeeded({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toEqual([]);
    expect(scopesNeeded(call('toString'))).toEqual([]);
    expect(scopesNeeded(call(42))).toEqual([]);
    expect(scopesNeeded(null)).toEqual([]);
    expect(scopesNeeded('tools/call')).toEqual([]);
  });

  it('builds RFC 6750 challenges pointing at the RFC 9728 metadata', () => {
    const meta = 'resource_metadata="https://p.example/.well-known/oauth-protected-resource/mcp"';
    expect(unauthorizedChallenge('https://p.example/', false)).toBe(
      `Bearer scope="ask collections:read", ${meta}`,
    );
    expect(unauthorizedChallenge('https://p.example', true)).toMatch(
      /^Bearer error="invalid_token", error_description="[^"]+", /,
    );
    expect(insufficientScopeChallenge('https://p.example', 'ask')).toBe(
      `Bearer error="insufficient_scope", scope="ask", ${meta}, error_description="This call needs the ask permission."`,
    );
    expect(protectedResourceMetadata('https://p.example/').resource).toBe('https://p.example/mcp');
  });
});
