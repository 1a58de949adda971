import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * Where each challenge provider's widget loads its script and frame from (their CSP guides:
 * developers.cloudflare.com/turnstile/reference/content-security-policy, the reCAPTCHA FAQ,
 * docs.hcaptcha.com); hCaptcha also fetches and styles from its hosts.
 */
const CAPTCHA_SOURCES: Record<
  Config['CAPTCHA_PROVIDER'],
  { script: string[]; frame: string[]; other: string[] }
> = {
  none: { script: [], frame: [], other: [] },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    other: [],
  },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    other: [],
  },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    other: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
};

/** The Content-Security-Policy directives of the built app (apps/web/dist) and the server's pages. */
export function cspDirectives(config: Pick<Config, 'CAPTCHA_PROVIDER'>): Record<string, string[]> {
  const captcha = CAPTCHA_SOURCES[config.CAPTCHA_PROVIDER];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // The bundle's own modules only; the challenge script when a provider is configured.
    scriptSrc: ["'self'", ...captcha.script],
    scriptSrcAttr: ["'none'"],
    // Mantine injects <style> elements and components set style attributes.
    styleSrc: ["'self'", "'unsafe-inline'", ...captcha.other],
    // Profile photos and chart exports are data: and blob: URLs.
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...captcha.other],
    frameSrc: ["'self'", ...captcha.frame],
    workerSrc: ["'self'", 'blob:'],
  };
}

/**
 * Security headers on every answer (API, app files, errors, 404s): the CSP above (frames of
 * the app nowhere), nosniff, no referrer (sign-in and reset links carry tokens in their query),
 * and HSTS with upgraded requests only when PUBLIC_URL is https — on plain http they would
 * send browsers to a port that speaks no TLS.
 */
export default fp(async function securityHeadersPlugin(app: FastifyInstance) {
  const https = app.config.PUBLIC_URL.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...cspDirectives(app.config), ...(https ? { upgradeInsecureRequests: [] } : {}) },
    },
    // Project hosts are subdomains of PUBLIC_URL's host, which may share a parent with other
    // sites: the header covers this host only.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
});
