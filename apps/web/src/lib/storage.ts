/** Keys of everything the app keeps in local browser storage (spec 1 §3). */
export const STORAGE_KEYS = {
  xsrf: 'xsrfToken',
  tenantId: 'tenantId',
  language: 'language',
  tts: 'tts',
  voice: 'voice',
  sidebar: 'sidebarCollapsed',
  historyPrefix: 'searchHistory:',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const storage = {
  get: (key: string): string | null => safe(() => localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => localStorage.removeItem(key), undefined),
};

export const getXsrfToken = (): string | null => storage.get(STORAGE_KEYS.xsrf);
export const setXsrfToken = (token: string): void => storage.set(STORAGE_KEYS.xsrf, token);

/**
 * Clears local browser storage on logout. The chosen interface language survives, so the sign-in
 * screen keeps speaking the user's language.
 */
export function clearLocalStorage(): void {
  const language = storage.get(STORAGE_KEYS.language);
  safe(() => localStorage.clear(), undefined);
  if (language) storage.set(STORAGE_KEYS.language, language);
}

/** Removes per-project search history (used when another tenant signs in on this browser). */
export function clearHistory(): void {
  safe(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(STORAGE_KEYS.historyPrefix)) localStorage.removeItem(key);
    }
  }, undefined);
}
