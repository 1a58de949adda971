import type { MessageOverrides } from './en-US';

/** British English: only the texts that differ from en-US, which fills in the rest (i18n/index.ts). */
const enGB: MessageOverrides = {
  pages: {
    organisation_strategy: 'Organisation strategy profile',
    organisation_opportunity: 'Organisation opportunity profile',
  },
};

export default enGB;
