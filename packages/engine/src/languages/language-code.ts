/** A language's code ('en', 'tr'; any code a registered pack brings). */
export type TLanguageCode = 'en' | 'tr' | (string & {});
