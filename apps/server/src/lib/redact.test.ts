import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/auth/link?token=abc123')).toBe('/auth/link?token=[redacted]');
    expect(redactUrl('/auth/callback?code=c&state=s&iss=http%3A%2F%2Fidp')).toBe(
      '/auth/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fidp',
    );
    expect(redactUrl('/authcallback?xsrfToken=x')).toBe('/authcallback?xsrfToken=[redacted]');
    expect(redactUrl('/auth/link?token[]=a&%74oken=b')).toBe(
      '/auth/link?token[]=[redacted]&%74oken=[redacted]',
    );
    expect(redactUrl('/features/conversations?before=1&limit=2')).toBe(
      '/features/conversations?before=1&limit=2',
    );
    expect(redactUrl('/auth/tenant')).toBe('/auth/tenant');
  });
});
