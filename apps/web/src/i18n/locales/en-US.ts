/**
 * American English: the default and fallback language. tr has every key; en-GB holds only its
 * overrides and falls back to these texts for the rest. Only what the app's frame and several
 * features share lives here; a feature's own texts are its namespace (features/<name>/i18n.ts).
 */
const enUS = {
  common: {
    notifications: 'Notifications',
    close: 'Close',
    language: 'Language',
    version: 'Version {{version}}',
    loading: 'Loading',
    cancel: 'Cancel',
    later_release: 'This screen arrives with a later release.',
    nothing_found: 'Nothing found',
  },
  validation: {
    required: 'This field is required.',
    email: 'Please provide a valid email address',
    email_required: 'Please enter your email address',
    password: 'Use at least 8 characters with a letter, a number and a special character.',
    min_value: 'The value must be at least {{min}}.',
    max_value: 'The value must be at most {{max}}.',
    min_length: 'Use at least {{min}} characters.',
    max_length: 'Use at most {{max}} characters.',
    integer: 'Please enter a whole number.',
    decimal: 'Please enter a number.',
    equals: 'The values do not match.',
  },
  password_strength: {
    label: 'Password strength: {{level}}',
    risky: 'risky',
    guessable: 'guessable',
    weak: 'weak',
    safe: 'safe',
    secure: 'secure',
  },
  // Password words the sign-in, security and onboarding screens share.
  login: {
    new_password: 'New password',
    repeat_password: 'Repeat password',
    passwords_must_be_same: 'Your password and confirmation password do not match.',
  },
  errors: {
    chunk_failed: 'Loading chunk failed',
    chunk_missing: 'Part of the application could not be downloaded. Check your connection and reload.',
    chunk_timeout: 'Part of the application took too long to load. Please reload the page.',
    chunk_other: 'Part of the application could not be started. Please reload the page.',
    something_went_wrong: 'Something went wrong',
    try_reload: 'An unexpected error occurred. Reloading the page usually helps.',
    reload: 'Reload page',
  },
  nav: {
    dashboard: 'Dashboard',
    conversations: 'Conversations',
    collections: 'Collections',
    deep_research_reports: 'Deep research reports',
    settings: 'Settings',
    logout: 'Log out',
  },
  nav_short: {
    dashboard: 'Dashboard',
    conversations: 'Chat',
    collections: 'Collections',
    deep_research_reports: 'Reports',
    settings: 'Settings',
    logout: 'Log out',
  },
  pages: {
    collection: 'Collection',
    intelligence_suite: 'Intelligence Suite',
    organisation_strategy: 'Organization strategy profile',
    organisation_opportunity: 'Organization opportunity profile',
    profile: 'Profile',
    security: 'Change password',
    datasources: 'Data sources',
    model: 'Model',
    model_of: 'Open the model of {{name}}',
    subscriptions: 'Subscription',
    assistants: 'Linked assistants',
    alerts: 'Alerts',
  },
  shell: {
    skip_to_content: 'Skip to content',
    sidebar: 'Sidebar',
    main_navigation: 'Main navigation',
    expand_sidebar: 'Expand sidebar',
    collapse_sidebar: 'Collapse sidebar',
    collapse: 'Collapse',
    quota: 'Conversation quota: {{quota}}',
    notifications: 'Notifications',
    no_notifications: 'There are no notifications.',
    switch_project: 'Switch project',
    search_projects: 'Search projects',
    no_projects: 'No projects found',
  },
  /** Plan names and the server's billing sentences: the subscription screen and account deletion both say them. */
  billing: {
    plan_names: { free: 'Free', premium: 'Premium', unlimited: 'Unlimited' },
    server: {
      paymentsOff: 'Payments are not enabled on this server.',
      providerCancelFailed:
        'Your subscription could not be cancelled with the payment provider, so your account was not deleted. Please try again shortly.',
      noPaidPlan: 'You have no paid subscription to change.',
      samePlan: 'You are already on this plan.',
      notPaused: 'Your subscription is not paused.',
      nothingScheduled: 'There is no scheduled change to undo.',
      freeCheckout: 'The Free plan needs no checkout.',
      alreadySubscribed: 'You already have a subscription: change its plan instead.',
      addressNotFound: 'Address not found!',
      countryInvalid: 'Choose the country from the list.',
    },
  },
};

type Stringify<T> = { [K in keyof T]: T[K] extends string ? string : Stringify<T[K]> };
/** The shape of a complete locale. */
export type Messages = Stringify<typeof enUS>;
type Overrides<T> = { [K in keyof T]?: T[K] extends string ? string : Overrides<T[K]> };
/** A locale that overrides some texts of en-US (its fallback) and leaves the rest to it. */
export type MessageOverrides = Overrides<Messages>;

export default enUS satisfies Messages as Messages;
