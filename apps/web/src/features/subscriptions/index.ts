/** Subscriptions (spec 2 §4, §9): the router lazy-loads the page from its module. */

export { billingKeys, useSubscription } from './hooks/useBilling';
export { default as SubscriptionsPage } from './SubscriptionsPage';
