/**
 * Sign-in, sign-up, recovery and logout (spec 1 §2.4). Nothing here is used by other features;
 * the router lazy-loads the pages from their modules.
 */
export { default as AuthCallbackPage } from './AuthCallbackPage';
export { default as AuthPage } from './AuthPage';
export { default as LogoutPage } from './LogoutPage';
