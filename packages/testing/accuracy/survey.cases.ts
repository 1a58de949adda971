/**
 * Accuracy set over the OSMI mental health in tech 2016 survey export (schema shape 9 and question
 * item 10, packages/testing/README.md): one row per respondent, 63 columns whose headers are the
 * full question sentences, loaded as a user's upload (fixtures/survey-fixture.ts) into the table
 * `mental_heath_in_tech_2016_20161114`. A user names a question by its content words ("by company
 * size", "by remote work"), so those must reach the column. Expected SQL is hand-written on the
 * loaded table: respondents are rows, 0/1 answers (self-employed, tech company, sought treatment)
 * are counted or averaged as shares, blank answers stay a group of their own, and age is taken as
 * answered (3 to 323: the outliers are the data's, so "average age" is the plain mean). The file
 * has no dates: periods ask back.
 */
import { SURVEY_TODAY } from '../fixtures/flat-files-fixture';
import type { TAccuracyCase } from './accuracy-runner';

const T = 'FROM mental_heath_in_tech_2016_20161114';
const N = 'COUNT(*)';
const SIZE = '"How many employees does your company or organization have?"';
const REMOTE = '"Do you work remotely?"';
const WORK_COUNTRY = '"What country do you work in?"';
const LIVE_COUNTRY = '"What country do you live in?"';
const AGE = '"What is your age?"';
const SELF = '"Are you self-employed?"';
const TECH = '"Is your employer primarily a tech company/organization?"';
const DIAGNOSED = '"Have you been diagnosed with a mental health condition by a medical professional?"';
const TREATMENT =
  '"Have you ever sought treatment for a mental health issue from a mental health professional?"';

// Known failures, classified by the numbered shapes and items of packages/testing/README.md.
const WORK_AT =
  'shape 9: "tech company" reaches the yes/no question "Is your employer primarily a tech company?", but "work at" is not a word of that question, so "work" is unknown and it asks back';

export const SURVEY_CONTEXT = { today: SURVEY_TODAY, weekStart: 'monday' as const };

export const SURVEY_CASES: TAccuracyCase[] = [
  // Respondents: the rows.
  {
    phrase: 'how many respondents',
    expected: `SELECT ${N} ${T}`,
  },
  {
    phrase: 'number of responses',
    expected: `SELECT ${N} ${T}`,
  },
  // Shape 9: a question is reached by its content words.
  {
    phrase: 'respondents by company size',
    expected: `SELECT ${SIZE}, ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'respondents by number of employees',
    expected: `SELECT ${SIZE}, ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'respondents by remote work',
    expected: `SELECT ${REMOTE}, ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'how many respondents always work remotely',
    expected: `SELECT ${N} ${T} WHERE ${REMOTE} = 'Always'`,
  },
  {
    phrase: 'respondents by country of work',
    expected: `SELECT ${WORK_COUNTRY}, ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'respondents by country they live in',
    expected: `SELECT ${LIVE_COUNTRY}, ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'top 5 countries of work by respondents',
    expected: `SELECT ${WORK_COUNTRY}, ${N} AS v ${T} GROUP BY 1 ORDER BY v DESC LIMIT 5`,
    ordered: true,
  },
  {
    phrase: 'respondents by US state of work',
    expected: `SELECT "What US state or territory do you work in?", ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'respondents by gender',
    expected: `SELECT "What is your gender?", ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'respondents by work position',
    expected: `SELECT "Which of the following best describes your work position?", ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'respondents by family history of mental illness',
    expected: `SELECT "Do you have a family history of mental illness?", ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'respondents by current mental health disorder',
    expected: `SELECT "Do you currently have a mental health disorder?", ${N} ${T} GROUP BY 1`,
  },
  {
    // The current employer's question; the previous employers' one says "previous".
    phrase: 'respondents by mental health benefits',
    expected: `SELECT "Does your employer provide mental health benefits as part of healthcare coverage?", ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'respondents by medical leave',
    expected: `SELECT "If a mental health issue prompted you to request a medical leave from work, asking for that leave would be:", ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'respondents by productivity affected',
    expected: `SELECT "Do you believe your productivity is ever affected by a mental health issue?", ${N} ${T} GROUP BY 1`,
  },
  {
    phrase: 'respondents working in the United Kingdom by company size',
    expected: `SELECT ${SIZE}, ${N} ${T} WHERE ${WORK_COUNTRY} = 'United Kingdom' GROUP BY 1`,
  },
  // 0/1 answers: counts and shares.
  {
    phrase: 'how many respondents are self-employed',
    expected: `SELECT ${N} ${T} WHERE ${SELF} = 1`,
  },
  {
    phrase: 'share of self-employed respondents',
    expected: `SELECT AVG(${SELF}) ${T}`,
  },
  {
    phrase: 'how many respondents work at a tech company',
    expected: `SELECT ${N} ${T} WHERE ${TECH} = 1`,
    knownFailure: WORK_AT,
  },
  {
    phrase: 'how many respondents sought treatment',
    expected: `SELECT ${N} ${T} WHERE ${TREATMENT} = 1`,
  },
  {
    phrase: 'share of respondents who sought treatment',
    expected: `SELECT AVG(${TREATMENT}) ${T}`,
  },
  // Diagnosed (a Yes/No column DuckDB reads as BOOLEAN).
  {
    phrase: 'how many respondents were diagnosed with a mental health condition',
    expected: `SELECT ${N} ${T} WHERE ${DIAGNOSED}`,
  },
  {
    phrase: 'respondents diagnosed with a mental health condition by country of work',
    expected: `SELECT ${WORK_COUNTRY}, ${N} ${T} WHERE ${DIAGNOSED} GROUP BY 1`,
  },
  {
    phrase: 'diagnosed respondents by remote work',
    expected: `SELECT ${REMOTE}, ${N} ${T} WHERE ${DIAGNOSED} GROUP BY 1`,
  },
  // Age (item 10 for the named aggregations).
  {
    phrase: 'average age',
    expected: `SELECT AVG(${AGE}) ${T}`,
  },
  {
    phrase: 'average age by country of work',
    expected: `SELECT ${WORK_COUNTRY}, AVG(${AGE}) ${T} GROUP BY 1`,
  },
  {
    phrase: 'average age of self-employed respondents',
    expected: `SELECT AVG(${AGE}) ${T} WHERE ${SELF} = 1`,
  },
  {
    phrase: 'median age',
    expected: `SELECT MEDIAN(${AGE}) ${T}`,
  },
  {
    phrase: 'maximum age',
    expected: `SELECT MAX(${AGE}) ${T}`,
  },
  {
    phrase: 'youngest respondent age',
    expected: `SELECT MIN(${AGE}) ${T}`,
  },
  // Not in the data, vague or nonsense: ask back (the export has no dates and no money).
  { phrase: 'respondents last month', expected: 'clarify' },
  { phrase: 'average salary by country', expected: 'clarify' },
  { phrase: 'respondents by weather', expected: 'clarify' },
  { phrase: 'show me the thing', expected: 'clarify' },
  { phrase: 'how are the elephants doing', expected: 'clarify' },
  { phrase: 'revenue by company size', expected: 'clarify' },
];
