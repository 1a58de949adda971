import { describe, expect, it } from 'vitest';
import { amazonCertUrlRule, checkApplication, checkTimestamp } from './alexa-verify';

describe("the SignatureCertChainUrl rule (Amazon's, as production applies it)", () => {
  it.each([
    'https://s3.amazonaws.com/echo.api/echo-api-cert.pem',
    'https://s3.amazonaws.com:443/echo.api/echo-api-cert.pem',
    'https://S3.AMAZONAWS.COM/echo.api/echo-api-cert.pem',
    'HTTPS://s3.amazonaws.com/echo.api/echo-api-cert.pem',
    'https://s3.amazonaws.com/echo.api/../echo.api/echo-api-cert.pem',
  ])('accepts %s', (url) => {
    expect(amazonCertUrlRule(url)).toBeNull();
  });

  it.each([
    ['http:', 'http://s3.amazonaws.com/echo.api/echo-api-cert.pem'],
    ['another host', 'https://s3.amazonaws.com.evil/echo.api/echo-api-cert.pem'],
    ['a subdomain host', 'https://evil.s3.amazonaws.com/echo.api/echo-api-cert.pem'],
    ['a path leaving /echo.api/', 'https://s3.amazonaws.com/echo.api/../x'],
    ['an encoded path leaving /echo.api/', 'https://s3.amazonaws.com/echo.api/%2e%2e/x'],
    ['the path in another case', 'https://s3.amazonaws.com/ECHO.API/echo-api-cert.pem'],
    ['port 563', 'https://s3.amazonaws.com:563/echo.api/echo-api-cert.pem'],
    ['a path without the slash', 'https://s3.amazonaws.com/echo.api'],
    ['not a URL', 'echo.api'],
  ])('refuses %s', (_why, url) => {
    expect(amazonCertUrlRule(url)).toEqual(expect.any(String));
  });
});

describe('timestamp and application', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  it('allows 150 s either way and no more', () => {
    expect(checkTimestamp('2026-11-20T11:57:30Z', now)).toBeNull();
    expect(checkTimestamp('2026-11-20T12:02:30Z', now)).toBeNull();
    expect(checkTimestamp('2026-11-20T11:57:29Z', now)).toMatch(/too old/);
    expect(checkTimestamp('yesterday', now)).toMatch(/timestamp/);
    expect(checkTimestamp(undefined, now)).toMatch(/timestamp/);
  });
  it("needs the skill's id in the System and, when present, the session", () => {
    expect(checkApplication({ system: 'skill-a', session: 'skill-a' }, 'skill-a')).toBeNull();
    expect(checkApplication({ system: 'skill-a', session: undefined }, 'skill-a')).toBeNull();
    expect(checkApplication({ system: 'skill-b', session: 'skill-a' }, 'skill-a')).toMatch(/another skill/);
    expect(checkApplication({ system: 'skill-a', session: 'skill-b' }, 'skill-a')).toMatch(/another skill/);
    expect(checkApplication({ system: 'skill-a', session: undefined }, undefined)).toMatch(/no Alexa skill/);
  });
});
