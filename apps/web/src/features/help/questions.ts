/** Help categories of spec 1 §9. */
export const HELP_CATEGORIES = [
  { id: 1, key: 'help:category_getting_started' },
  { id: 2, key: 'help:category_conversation' },
  { id: 3, key: 'help:category_collection' },
  { id: 4, key: 'help:category_profile' },
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number]['id'];

export interface HelpQuestion {
  /** Article id: the server serves /help/{id}.md. */
  id: string;
  /** i18n key of the question text. */
  text: string;
  category: HelpCategory;
}

/** i18n key of the words a question is also found by (help.k.<id with underscores>). */
export const keywordsKey = (q: HelpQuestion) => `help:k.${q.id.replaceAll('-', '_')}`;

export const HELP_QUESTIONS: readonly HelpQuestion[] = [
  { id: 'getting-started', text: 'help:q.getting_started', category: 1 },
  { id: 'connect-data-source', text: 'help:q.connect_data_source', category: 1 },
  { id: 'sign-in-options', text: 'help:q.sign_in_options', category: 1 },
  { id: 'ask-a-question', text: 'help:q.ask_a_question', category: 2 },
  { id: 'question-examples', text: 'help:q.question_examples', category: 2 },
  { id: 'analysis-cards', text: 'help:q.analysis_cards', category: 2 },
  { id: 'voice-and-read-aloud', text: 'help:q.voice_and_read_aloud', category: 2 },
  { id: 'create-collection', text: 'help:q.create_collection', category: 3 },
  { id: 'add-card', text: 'help:q.add_card', category: 3 },
  { id: 'email-digests', text: 'help:q.email_digests', category: 3 },
  { id: 'export-card', text: 'help:q.export_card', category: 3 },
  { id: 'update-profile', text: 'help:q.update_profile', category: 4 },
  { id: 'change-password', text: 'help:q.change_password', category: 4 },
  { id: 'delete-account', text: 'help:q.delete_account', category: 4 },
];

/** The article behind the product tour link. */
export const PRODUCT_TOUR_ID = 'product-tour';

/** Path of a help article page (opened in a new tab). */
export const helpArticlePath = (id: string) => `/help/${encodeURIComponent(id)}`;
