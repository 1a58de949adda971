import type { TAuthConfig } from '@parley/contract';

/** Script URLs of the supported challenge providers (DESIGN §3: turnstile, recaptcha, hcaptcha). */
const SCRIPTS: Record<string, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit',
};

interface Widgets {
  turnstile?: {
    render: (el: HTMLElement, o: Record<string, unknown>) => string;
    execute: (id: string) => void;
    reset: (id: string) => void;
  };
  grecaptcha?: {
    ready: (cb: () => void) => void;
    execute: (key: string, o: { action: string }) => Promise<string>;
  };
  hcaptcha?: {
    render: (el: HTMLElement, o: Record<string, unknown>) => string;
    execute: (id: string, o: { async: true }) => Promise<{ response: string }>;
  };
}

const loaded = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let p = loaded.get(src);
  if (!p) {
    p = new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => reject(new Error('captcha script failed to load'));
      document.head.appendChild(s);
    });
    loaded.set(src, p);
  }
  return p;
}

function hiddenHost(): HTMLElement {
  const el = document.createElement('div');
  el.style.display = 'none';
  document.body.appendChild(el);
  return el;
}

/**
 * Obtains a challenge token before sign-in, reset, recovery and magic-link calls (spec 1 §2.4).
 * Answers undefined when no provider is configured, so the server decides whether it is needed.
 */
export async function getCaptchaToken(
  config: TAuthConfig | null,
  action: string,
): Promise<string | undefined> {
  const provider = config?.captcha?.provider;
  const key = config?.captcha?.site_key;
  if (!provider || provider === 'none' || !key || !SCRIPTS[provider]) return undefined;
  const w = window as unknown as Widgets;
  if (provider === 'recaptcha') {
    await loadScript(SCRIPTS.recaptcha + encodeURIComponent(key));
    const g = w.grecaptcha!;
    await new Promise<void>((resolve) => g.ready(resolve));
    return g.execute(key, { action });
  }
  await loadScript(SCRIPTS[provider]);
  if (provider === 'hcaptcha') {
    const h = w.hcaptcha!;
    const id = h.render(hiddenHost(), { sitekey: key, size: 'invisible' });
    return (await h.execute(id, { async: true })).response;
  }
  const ts = w.turnstile!;
  return new Promise<string>((resolve, reject) => {
    ts.render(hiddenHost(), {
      sitekey: key,
      action,
      callback: (token: string) => resolve(token),
      'error-callback': () => reject(new Error('captcha failed')),
    });
  });
}

/** True on local hosts, where link and redirect calls add local=true. */
export function isLocalHost(hostname = window.location.hostname): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    hostname.endsWith('.localhost')
  );
}
