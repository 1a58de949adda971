/**
 * Accuracy set over the Formbricks stand-in's product-feedback survey, copied into DuckDB by the
 * Formbricks connector and modelled from its questions. Today = 2026-11-20, weeks start Monday.
 * The NPS is the average of +100 (promoters, 9–10), 0 (passives) and −100 (detractors, 0–6).
 */
import type { TAccuracyCase } from './accuracy-runner';

const LAST_MONTH = "CAST(created_at AS DATE) BETWEEN DATE '2026-10-01' AND DATE '2026-10-31'";
const MONTH_BEFORE = "CAST(created_at AS DATE) BETWEEN DATE '2026-09-01' AND DATE '2026-09-30'";

export const FORMBRICKS_CONTEXT = { today: '2026-11-20', weekStart: 'monday' as const };

export const FORMBRICKS_CASES: TAccuracyCase[] = [
  { phrase: 'number of responses', expected: 'SELECT COUNT(*) FROM responses' },
  { phrase: 'NPS', expected: 'SELECT AVG(q_recommend_nps) FROM responses' },
  { phrase: 'NPS by plan', expected: 'SELECT q_plan, AVG(q_recommend_nps) FROM responses GROUP BY 1' },
  { phrase: 'average satisfaction', expected: 'SELECT AVG(q_satisfaction) FROM responses' },
  {
    phrase: 'average satisfaction by month',
    expected:
      "SELECT CAST(date_trunc('month', created_at) AS DATE), AVG(q_satisfaction) FROM responses GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  { phrase: 'responses last month', expected: `SELECT COUNT(*) FROM responses WHERE ${LAST_MONTH}` },
  { phrase: 'completed responses', expected: "SELECT COUNT(*) FROM responses WHERE status = 'Completed'" },
  {
    phrase: 'responses by NPS group',
    expected: 'SELECT q_recommend_group, COUNT(*) FROM responses GROUP BY 1',
  },
  {
    phrase: 'responses by features used',
    expected:
      'SELECT a.choice, COUNT(*) FROM responses r JOIN answers_features a ON a.response_id = r.response_id GROUP BY 1',
  },
  { phrase: 'comments answers', expected: 'SELECT SUM(q_comments_answered) FROM responses' },
  {
    phrase: 'NPS last month vs previous month',
    expected: `SELECT AVG(CASE WHEN ${LAST_MONTH} THEN q_recommend_nps END), AVG(CASE WHEN ${MONTH_BEFORE} THEN q_recommend_nps END) FROM responses`,
  },
  {
    phrase: 'average satisfaction on the Pro plan',
    expected: "SELECT AVG(q_satisfaction) FROM responses WHERE q_plan = 'Pro'",
  },
];
