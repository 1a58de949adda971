/**
 * Exhaustiveness check for switches over unions (STYLE §13), as in the packages: a missed case fails
 * the type check; one reached at run time throws.
 */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

/**
 * The same check for data read from the server (a card stored by an older version may carry a
 * shape this build no longer knows): a missed case fails the type check; one reached at run time
 * gives `fallback`, so one chip's words never take the whole screen down.
 */
export function unknownCase<T>(_value: never, fallback: T): T {
  return fallback;
}
