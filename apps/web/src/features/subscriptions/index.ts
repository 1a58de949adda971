/** Subscriptions (arrive with a later release); the router lazy-loads the page from its module. */
export { default as SubscriptionsPage } from './SubscriptionsPage';
