/** Onboarding: the one-step registration form (spec 1 §2.5); the router lazy-loads the page. */
export { default as OnboardingPage } from './OnboardingPage';
