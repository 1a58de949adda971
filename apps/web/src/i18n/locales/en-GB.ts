import type { MessageOverrides } from './en-US';

/** British English: only the texts that differ from en-US, which fills in the rest (i18n/index.ts). */
const enGB: MessageOverrides = {
  login: {
    register_subtitle: 'Enter your work e-mail and we will send you a link to get started.',
    password_changed_successfully: 'Your password has been changed.',
  },
  pages: {
    organisation_strategy: 'Organisation strategy profile',
    organisation_opportunity: 'Organisation opportunity profile',
  },
  dashboard: {
    subtitle: "Here's what's happening with your data today.",
    tile_collections_text: 'Keep your favourite cards together as dashboards.',
    tile_reports_text: 'Scheduled deep research reports for your organisation.',
  },
  collections: {
    detail: {
      cozy: 'Cosy',
    },
  },
  settings: {
    organisation: 'Organisation',
  },
};

export default enGB;
