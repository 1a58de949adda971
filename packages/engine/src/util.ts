/** Small helpers shared across the engine. */
import type { FormatOptions } from '@parley/presenter';

/** Card text and insights: values in the user's locale (en-US by default), large ones compactly. */
export function textFormat(locale = 'en-US'): FormatOptions {
  return { locale, compact: true };
}

/** Exhaustiveness check for union switches (STYLE §13). */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
