/**
 * The why of a fired alert (issue 34): the engine's drivers analysis of the measure's change from
 * the comparison period to the judged one (planDrivers + computeContributions), each dimension's
 * three largest contributors, the dimensions ordered by how much of the change they explain.
 */
import type { TComparison, TSemanticQuery } from '@parley/contract';
import {
  computeContributions,
  explanatoryScore,
  getDimension,
  getMeasure,
  ModelError,
  planDrivers,
  previousKey,
  type TContribution,
} from '@parley/engine';
import type { AnswerSource } from '../answers/answers.service';
import type { AlertWhy } from './alert-check';
import { type AlertDay, runCompiled } from './alert-eval-query';

/** Contributors kept per dimension. */
export const WHY_PER_DIMENSION = 3;

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** A dimension's rows as the engine's contribution rows (a ratio's parts when the measure is one). */
function contributionRows(
  rows: Record<string, unknown>[],
  dimensionLabel: string,
  label: string,
  parts: [string, string] | null,
) {
  return rows.map((r) => ({
    value: r[dimensionLabel] === null || r[dimensionLabel] === undefined ? '–' : String(r[dimensionLabel]),
    current: num(r[label]),
    previous: num(r[previousKey(label)]),
    ...(parts
      ? {
          num: [num(r[parts[0]]), num(r[previousKey(parts[0])])] as [number, number],
          den: [num(r[parts[1]]), num(r[previousKey(parts[1])])] as [number, number],
        }
      : {}),
  }));
}

/** The top contributors of one split, largest change first (ties by name, as the drivers card orders them). */
export function topContributors(contributions: TContribution[], n = WHY_PER_DIMENSION): TContribution[] {
  return [...contributions]
    .sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta) || x.value.localeCompare(y.value))
    .slice(0, n);
}

/**
 * The why of `query` (already set to the judged period) against `compare`: one entry per dimension
 * the measure splits by, `change` the contributor's change in the measure's units. A measure that
 * does not split (an average, a median) has no why: [] rather than a failed check.
 */
export async function explainChange(
  source: AnswerSource,
  query: TSemanticQuery,
  compare: TComparison,
  day: AlertDay,
): Promise<AlertWhy[]> {
  const { connector, model } = source;
  if (!connector.dialect) return [];
  let plan: ReturnType<typeof planDrivers>;
  try {
    plan = planDrivers({ ...query, compare }, model, { dialect: connector.dialect, ...day });
  } catch (error) {
    if (error instanceof ModelError) return [];
    throw error;
  }
  const label = getMeasure(model, query.measures[0]).label;
  const parts: [string, string] | null = plan.ratio
    ? [getMeasure(model, plan.ratio.numerator).label, getMeasure(model, plan.ratio.denominator).label]
    : null;
  const results = await Promise.all(
    plan.splits.map((s) => runCompiled(source, { kind: 'sql', ...s.compiled })),
  );
  const ranked = plan.splits.map((split, i) => {
    const dim = getDimension(model, split.dimension);
    const contributions = computeContributions(contributionRows(results[i].rows, dim.label, label, parts));
    return { dim, score: explanatoryScore(contributions), contributions };
  });
  ranked.sort((x, y) => y.score - x.score || x.dim.label.localeCompare(y.dim.label));
  return ranked
    .filter((r) => r.contributions.some((c) => c.delta !== 0))
    .map((r) => ({
      dimension: r.dim.name,
      label: r.dim.label,
      items: topContributors(r.contributions).map((c) => ({ name: c.value, change: c.delta })),
    }));
}
