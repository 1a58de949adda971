/**
 * Exhaustiveness check for switches over unions (STYLE §13), as in the packages: a missed case fails
 * the type check; one reached at run time throws.
 */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
