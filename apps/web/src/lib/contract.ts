/**
 * The zod-free parts of @parley/contract. The package index also builds zod schemas at import
 * time, which would put zod (~28 KB gzip) into the sign-in bundle; values needed on the sign-in
 * path come from here, types still come from '@parley/contract'.
 */
export * from '../../../../packages/contract/src/features';
export * from '../../../../packages/contract/src/limits';
export * from '../../../../packages/contract/src/password-strength';
export * from '../../../../packages/contract/src/validation';
