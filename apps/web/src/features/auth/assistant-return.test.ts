import { afterEach, describe, expect, it } from 'vitest';
import {
  ASSISTANT_RETURN_TTL_MS,
  forgetAssistantSignIn,
  keptAssistantSignIn,
  rememberAssistantSignIn,
} from './assistant-return';

afterEach(() => sessionStorage.clear());

describe('an assistant sign-in kept for the provider round trip', () => {
  it('comes back as the consent view path while fresh, until forgotten', () => {
    rememberAssistantSignIn('client=alexa&client_id=x&interaction=u1', 1_000);
    expect(keptAssistantSignIn(1_000 + ASSISTANT_RETURN_TTL_MS)).toBe(
      '/login?client=alexa&client_id=x&interaction=u1',
    );
    forgetAssistantSignIn();
    expect(keptAssistantSignIn(1_000)).toBeNull();
  });

  it('is ignored once older than the request itself lives, or when it is not ours', () => {
    rememberAssistantSignIn('client=alexa&client_id=x&interaction=u1', 1_000);
    expect(keptAssistantSignIn(1_001 + ASSISTANT_RETURN_TTL_MS)).toBeNull();
    sessionStorage.setItem('assistantSignIn', 'not json');
    expect(keptAssistantSignIn()).toBeNull();
    sessionStorage.setItem('assistantSignIn', JSON.stringify({ query: 5, at: Date.now() }));
    expect(keptAssistantSignIn()).toBeNull();
  });
});
