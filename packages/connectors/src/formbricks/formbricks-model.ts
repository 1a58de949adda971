/**
 * A Formbricks survey as local tables and a semantic model. Responses become one row each in
 * `responses` (answer columns named after the question ids); a multiple-choice-multi question
 * gets a link table `answers_<id>` (one row per chosen label). The model follows the questions:
 * ratings → averages, NPS → the NPS score (the average of +100 promoters / 0 passives / −100
 * detractors) and its groups, choices → dimensions, dates → time, open text → answer counts only.
 */
import type { TDimension, TMeasure, TModelJoin, TSemanticModel, TTimeDimension } from '@parley/engine';

export interface TFormbricksQuestion {
  id: string;
  type: string;
  headline?: { default?: string } | string;
  choices?: { id: string; label?: { default?: string } | string }[];
  range?: number;
}

export interface TFormbricksSurvey {
  id: string;
  name: string;
  questions?: TFormbricksQuestion[];
}

export interface TFormbricksResponse {
  id: string;
  createdAt: string;
  updatedAt: string;
  finished: boolean;
  data?: Record<string, unknown>;
}

/** The question types the model reads; others (CTA, consent, file upload…) are left out. */
const READ_TYPES = new Set([
  'nps',
  'rating',
  'multipleChoiceSingle',
  'multipleChoiceMulti',
  'openText',
  'date',
]);

export const RESPONSES_TABLE = 'responses';

const textOf = (v: { default?: string } | string | undefined, fallback: string): string =>
  (typeof v === 'string' ? v : v?.default)?.trim() || fallback;

/** A question id as a column name: lower case letters, digits and underscores. */
export function columnOf(questionId: string): string {
  const name = questionId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(name) ? `q_${name}`.replace(/^q_q_/, 'q_') : `q_${name || 'x'}`;
}

export const linkTableOf = (questionId: string) => `answers_${columnOf(questionId).replace(/^q_/, '')}`;

/** The questions the model reads, with their column names. */
export function readQuestions(
  survey: TFormbricksSurvey,
): (TFormbricksQuestion & { column: string; label: string })[] {
  return (survey.questions ?? [])
    .filter((q) => READ_TYPES.has(q.type))
    .map((q) => ({ ...q, column: columnOf(q.id), label: textOf(q.headline, q.id) }));
}

/** Column definitions of the responses table (DuckDB types), in order. */
export function responseColumns(survey: TFormbricksSurvey): [string, string][] {
  const columns: [string, string][] = [
    ['response_id', 'VARCHAR'],
    ['created_at', 'TIMESTAMP'],
    ['status', 'VARCHAR'],
  ];
  for (const q of readQuestions(survey)) {
    if (q.type === 'nps')
      columns.push([q.column, 'INTEGER'], [`${q.column}_nps`, 'INTEGER'], [`${q.column}_group`, 'VARCHAR']);
    else if (q.type === 'rating') columns.push([q.column, 'DOUBLE']);
    else if (q.type === 'multipleChoiceSingle') columns.push([q.column, 'VARCHAR']);
    else if (q.type === 'openText') columns.push([q.column, 'VARCHAR'], [`${q.column}_answered`, 'INTEGER']);
    else if (q.type === 'date') columns.push([q.column, 'DATE']);
  }
  return columns;
}

const finite = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** One response as a row of the responses table, plus its rows of each link table. */
export function flattenResponse(
  survey: TFormbricksSurvey,
  r: TFormbricksResponse,
): { row: Record<string, unknown>; links: Record<string, string[]> } {
  const data = r.data ?? {};
  const created = new Date(r.createdAt);
  const row: Record<string, unknown> = {
    response_id: r.id,
    created_at: Number.isNaN(created.getTime())
      ? null
      : created.toISOString().replace('T', ' ').replace('Z', ''),
    status: r.finished ? 'Completed' : 'Partial',
  };
  const links: Record<string, string[]> = {};
  for (const q of readQuestions(survey)) {
    const v = data[q.id];
    if (q.type === 'nps') {
      const n = finite(v);
      row[q.column] = n;
      row[`${q.column}_nps`] = n === null ? null : n >= 9 ? 100 : n >= 7 ? 0 : -100;
      row[`${q.column}_group`] = n === null ? null : n >= 9 ? 'Promoter' : n >= 7 ? 'Passive' : 'Detractor';
    } else if (q.type === 'rating') row[q.column] = finite(v);
    else if (q.type === 'multipleChoiceSingle') row[q.column] = typeof v === 'string' && v !== '' ? v : null;
    else if (q.type === 'multipleChoiceMulti')
      links[linkTableOf(q.id)] = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    else if (q.type === 'openText') {
      const text = typeof v === 'string' && v.trim() !== '' ? v : null;
      row[q.column] = text;
      row[`${q.column}_answered`] = text === null ? 0 : 1;
    } else if (q.type === 'date')
      row[q.column] = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
  }
  return { row, links };
}

const words = (label: string) =>
  label
    .toLowerCase()
    .replace(/[?!.:,;]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The semantic model of one survey over the tables above. */
export function surveyModel(
  survey: TFormbricksSurvey,
  name: string,
  dataRange?: { from: string; to: string },
): TSemanticModel {
  const T = RESPONSES_TABLE;
  const time = `${T}.created_at`;
  const timeDimensions: TTimeDimension[] = [
    {
      name: time,
      label: 'Response Date',
      synonyms: ['response date', 'date', 'submitted', 'answered', 'responded'],
      table: T,
      column: 'created_at',
      dataType: 'timestamp',
    },
  ];
  const measures: TMeasure[] = [
    {
      kind: 'aggregate',
      name: 'responses',
      label: 'Responses',
      synonyms: ['responses', 'response', 'submissions', 'respondents', 'answers', 'replies'],
      format: 'number',
      table: T,
      agg: 'count',
      time,
    },
    {
      kind: 'aggregate',
      name: 'completed_responses',
      label: 'Completed Responses',
      synonyms: ['completed responses', 'finished responses', 'completions', 'complete responses'],
      format: 'number',
      table: T,
      agg: 'count',
      where: [{ table: T, column: 'status', values: ['Completed'] }],
      time,
    },
  ];
  const dimensions: TDimension[] = [
    {
      name: `${T}.status`,
      label: 'Response Status',
      synonyms: ['status', 'response status', 'completion'],
      sources: [{ table: T, column: 'status' }],
      values: ['Completed', 'Partial'],
    },
  ];
  const tables = [{ name: T, label: 'Responses', primaryKey: ['response_id'] }];
  const joins: TModelJoin[] = [];
  const ratings = readQuestions(survey).filter((q) => q.type === 'rating');
  for (const q of readQuestions(survey)) {
    const w = words(q.label);
    const col = (column: string) => ({ table: T, col: column });
    if (q.type === 'nps') {
      measures.push(
        {
          kind: 'aggregate',
          name: `${q.column}_nps`,
          label: 'NPS',
          synonyms: ['nps', 'net promoter score', 'nps score', 'promoter score'],
          format: 'number',
          description: `${q.label}: % promoters (9–10) − % detractors (0–6)`,
          table: T,
          agg: 'avg',
          expr: col(`${q.column}_nps`),
          time,
        },
        {
          kind: 'aggregate',
          name: `${q.column}_avg`,
          label: 'Average Recommendation Score',
          synonyms: ['recommendation score', 'likelihood to recommend', `average ${w}`, w],
          format: 'number',
          table: T,
          agg: 'avg',
          expr: col(q.column),
          time,
        },
      );
      dimensions.push({
        name: `${T}.${q.column}_group`,
        label: 'NPS Group',
        synonyms: ['nps group', 'nps category', 'promoter group', 'segment'],
        sources: [{ table: T, column: `${q.column}_group` }],
        values: ['Detractor', 'Passive', 'Promoter'],
        valueSynonyms: { promoters: 'Promoter', detractors: 'Detractor', passives: 'Passive' },
      });
    } else if (q.type === 'rating') {
      measures.push({
        kind: 'aggregate',
        name: `${q.column}_avg`,
        label: `Average ${q.label}`,
        synonyms: [
          w,
          `average ${w}`,
          `${w} rating`,
          `${w} score`,
          ...(ratings.length === 1 ? ['rating', 'average rating'] : []),
        ],
        format: 'number',
        table: T,
        agg: 'avg',
        expr: col(q.column),
        time,
      });
    } else if (q.type === 'multipleChoiceSingle' || q.type === 'multipleChoiceMulti') {
      const values = (q.choices ?? []).map((c) => textOf(c.label, c.id));
      const multi = q.type === 'multipleChoiceMulti';
      const link = linkTableOf(q.id);
      if (multi) {
        tables.push({ name: link, label: q.label, primaryKey: [] });
        joins.push({
          from: T,
          fromColumns: ['response_id'],
          to: link,
          toColumns: ['response_id'],
          bridge: true,
        });
      }
      dimensions.push({
        name: multi ? `${link}.choice` : `${T}.${q.column}`,
        label: q.label,
        synonyms: [w],
        sources: [multi ? { table: link, column: 'choice' } : { table: T, column: q.column }],
        values: [...values].sort(),
      });
    } else if (q.type === 'openText') {
      measures.push({
        kind: 'aggregate',
        name: `${q.column}_answers`,
        label: `${q.label} Answers`,
        synonyms: [`${w} answers`, `answers to ${w}`, `${w} count`, `number of ${w}`],
        format: 'number',
        table: T,
        agg: 'sum',
        expr: col(`${q.column}_answered`),
        time,
      });
    } else if (q.type === 'date') {
      timeDimensions.push({
        name: `${T}.${q.column}`,
        label: q.label,
        synonyms: [w],
        table: T,
        column: q.column,
        dataType: 'date',
      });
    }
  }
  return { name, tables, joins, measures, dimensions, timeDimensions, ...(dataRange ? { dataRange } : {}) };
}
