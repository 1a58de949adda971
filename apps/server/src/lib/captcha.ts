import type { Config } from '../config';
import { Invalid, Unavailable } from './errors';

/** Each provider's documented verification endpoint, used when CAPTCHA_VERIFY_URL is not set. */
const VERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

const TIMEOUT_MS = 5_000;

/** Checks captcha challenge tokens with the configured provider; `none` lets everything through. */
export class CaptchaVerifier {
  constructor(
    private readonly config: Pick<Config, 'CAPTCHA_PROVIDER' | 'CAPTCHA_SECRET' | 'CAPTCHA_VERIFY_URL'>,
  ) {}

  get enabled(): boolean {
    return this.config.CAPTCHA_PROVIDER !== 'none';
  }

  /**
   * Throws 400 when the token is missing or refused, 503 when the provider cannot be reached
   * (fails closed: no captcha, no sign-in).
   */
  async verify(token: string | null | undefined, remoteIp: string): Promise<void> {
    const provider = this.config.CAPTCHA_PROVIDER;
    if (provider === 'none') return;
    if (!token) throw new Invalid('Please complete the captcha challenge.');
    const url = this.config.CAPTCHA_VERIFY_URL ?? VERIFY_URLS[provider];
    let success = false;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          secret: this.config.CAPTCHA_SECRET,
          response: token,
          remoteip: remoteIp,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`captcha verifier answered ${res.status}`);
      const body = (await res.json()) as { success?: unknown };
      success = body.success === true;
    } catch {
      throw new Unavailable('The captcha could not be checked. Please try again soon.');
    }
    if (!success) throw new Invalid('The captcha challenge failed. Please try again.');
  }
}
