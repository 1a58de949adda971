/** OSMI survey: the owner gives the tech-company question the words respondents use for it. */
import type { TSetEdits } from './set-edits';

const TECH = 'mental_heath_in_tech_2016_20161114.Is your employer primarily a tech company/organization?';

export const SURVEY_EDITS: TSetEdits = {
  overlay: {
    values: [
      {
        // Fixes "how many respondents work at a tech company": the yes answer, in the words people say it.
        dimension: TECH,
        value: '1',
        synonyms: ['work at a tech company', 'works at a tech company', 'work for a tech company'],
      },
    ],
  },
  fixes: ['how many respondents work at a tech company'],
  unfixable: {},
};
