/** The session: product configuration, sign-in providers, the signed-in user, and ending it locally. */
export { useLogoutLocally } from './hooks/useLogoutLocally';
export { useProviders } from './hooks/useProviders';
export { type Session, useRefetchTenant, useSession } from './hooks/useSession';
export { brandName, browserTimezone, endLocalSession } from './session';
