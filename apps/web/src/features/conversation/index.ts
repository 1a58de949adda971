/** The conversation screen (spec 2 §2); the router lazy-loads the page from its module. */
export { default as ConversationPage } from './ConversationPage';
