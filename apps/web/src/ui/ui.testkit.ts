/** Test support for components built on Mantine (jsdom lacks the browser APIs it reads), the app's texts and a routed fetch. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { vi } from 'vitest';

/** Mantine reads media queries; jsdom has none. */
export function stubMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** Mantine's scroll areas and our measured charts observe sizes; jsdom cannot. */
export function stubResizeObserver(): void {
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** i18next in en-US as the app sets it up (React escapes, i18next does not), plus a feature's texts. */
export async function setUpAppTexts(featureTexts: () => Promise<unknown>): Promise<void> {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({
      lng: 'en-US',
      fallbackLng: 'en-US',
      resources: {},
      interpolation: { escapeValue: false },
    });
  i18next.addResourceBundle('en-US', 'translation', (await import('../i18n/locales/en-US')).default, true);
  await featureTexts();
  stubMatchMedia();
}

export interface Call {
  method: string;
  url: string;
  body?: unknown;
}
export type Reply = { status: number; body: unknown };

/** Stubs fetch: each call goes to `route`; one it does not answer is a 500, so a stray call shows. */
export function stubFetch(route: (call: Call) => Reply | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = { method: init.method ?? 'GET', url };
      if (typeof init.body === 'string') call.body = JSON.parse(init.body);
      calls.push(call);
      const reply = route(call) ?? { status: 500, body: { message: `unexpected ${call.method} ${url}` } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
