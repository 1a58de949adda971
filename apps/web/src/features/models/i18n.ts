import { registerBundles } from '../../i18n/bundles';
import { enUS, type ModelMessages } from './i18n-en';
import { tr } from './i18n-tr';

/** British English: en-US with its own words where they differ. */
const enGB: ModelMessages = {
  ...enUS,
  defs: {
    ...enUS.defs,
    none: 'No measures, metrics or dimensions of your own yet: customise the model here.',
  },
  field: {
    ...enUS.field,
    synonyms_hint: 'Other words people use for it (colloquial ones too). Press Enter after each.',
  },
};

// The model editor's texts (namespace `models`), registered when the page module loads.
registerBundles('models', { 'en-US': enUS, 'en-GB': enGB, tr });
