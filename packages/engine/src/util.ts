/** Small helpers shared across the engine. */
import type { FormatOptions } from '@parley/presenter';

/** Card text and insights are English: values formatted for en-US, large ones compactly. */
export const TEXT_FORMAT: FormatOptions = { locale: 'en-US', compact: true };

/** Exhaustiveness check for union switches (STYLE §13). */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
