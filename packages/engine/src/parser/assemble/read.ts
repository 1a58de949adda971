/**
 * Reading the settled words: the question's measures, breakdowns and time field, whether it
 * follows up the previous question, and its filters (amounts on measures, values of fields).
 */
import type { TQueryFilter } from '@parley/contract';
import { findMeasure, isDimensionAvailable } from '../../model/semantic-model';
import { ask, type TClarification } from '../clarification';
import { dimensionLabel, replaceWords } from '../labels';
import type { TMatch } from '../match';
import type { TToken } from '../text';
import type { TVocabularyTarget } from '../vocabulary';
import type { TAssembleInput, TReading } from './types';

type TValueTarget = Extract<TVocabularyTarget, { type: 'value' }>;
type TTargets = Pick<TReading, 'measures' | 'measureAt' | 'dimensionWords' | 'timeField'>;

/** The measures, dimensions and time field the matched words name, in the order said. */
function collectTargets(matches: TMatch[]): TTargets {
  const measures: string[] = [];
  const measureAt: { name: string; at: number }[] = [];
  const dimensionWords: { name: string; words: string; grouped: boolean }[] = [];
  let timeField: string | null = null;
  for (const m of matches) {
    const t = m.targets[0];
    if (t.type === 'measure') {
      if (!measures.includes(t.name)) measures.push(t.name);
      measureAt.push({ name: t.name, at: m.start });
    } else if (t.type === 'dimension') {
      dimensionWords.push({ name: t.name, words: m.words, grouped: m.grouped });
    } else if (t.type === 'time') {
      timeField = t.name;
    }
  }
  return { measures, measureAt, dimensionWords, timeField };
}

/** Follow-up: merge into the previous query instead of starting again. */
function followUp(
  input: TAssembleInput,
  measures: string[],
): Pick<TReading, 'followMarker' | 'isFollowUp' | 'baseMeasures'> {
  const { pack, normalised, previous } = input;
  const followMarker = pack.followUp.exec(normalised)?.[0] ?? null;
  const isFollowUp = previous !== null && (followMarker !== null || measures.length === 0);
  let baseMeasures = measures;
  if (isFollowUp && previous) {
    if (measures.length === 0) baseMeasures = [...previous.measures];
    else if (pack.append.test(normalised)) baseMeasures = [...new Set([...previous.measures, ...measures])];
  }
  return { followMarker, isFollowUp, baseMeasures };
}

/** Numeric filters apply to the nearest measure mentioned (or the first one), which is shown. */
function numericFilters(
  input: TAssembleInput,
  measureAt: TReading['measureAt'],
  measures: string[],
): { measureFilters: TQueryFilter[]; baseMeasures: string[] } {
  let baseMeasures = measures;
  const measureFilters: TQueryFilter[] = [];
  for (const f of input.slots.numeric) {
    const nearest =
      [...measureAt].sort((a, b) => Math.abs(a.at - f.at) - Math.abs(b.at - f.at))[0]?.name ??
      baseMeasures[0];
    if (!nearest) continue;
    const isPercent = findMeasure(input.model, nearest)?.format === 'percent';
    const values = f.values.map((v) => (f.percent && isPercent ? v / 100 : v));
    measureFilters.push({ field: nearest, op: f.op, values });
    if (!baseMeasures.includes(nearest)) baseMeasures = [...baseMeasures, nearest];
  }
  return { measureFilters, baseMeasures };
}

/** Values → filters; a value of several dimensions is settled by what the measures can use. */
/**
 * "respondents working in the United Kingdom": a word just before a value of several fields that
 * names one of them ("work" → "Country of Work") picks it, and is used up.
 */
function pickByWord(
  input: TAssembleInput,
  m: TMatch,
  candidates: TValueTarget[],
  unknown: TToken[],
): TValueTarget | null {
  const before = input.tokens.slice(Math.max(0, m.start - 3), m.start).filter((t) => unknown.includes(t));
  for (const t of before.reverse()) {
    const naming = candidates.filter((v) => {
      const d = input.model.dimensions.find((x) => x.name === v.dimension);
      const said = new Set(
        [d?.label ?? '', ...(d?.synonyms ?? [])].flatMap((p) => p.toLowerCase().split(' ')),
      );
      return said.has(t.lemma) || said.has(t.norm);
    });
    if (naming.length !== 1) continue;
    unknown.splice(unknown.indexOf(t), 1);
    t.consumed = true;
    return naming[0];
  }
  return null;
}

function valueFilters(
  input: TAssembleInput,
  baseMeasures: string[],
  unknown: TToken[],
): TReading['valueFilters'] | TClarification {
  const { matches, model, phrase } = input;
  const filters: TReading['valueFilters'] = new Map();
  for (const m of matches) {
    const values = m.targets.filter((t): t is TValueTarget => t.type === 'value');
    if (values.length === 0) continue;
    let candidates = values;
    if (values.length > 1 && baseMeasures.length > 0) {
      candidates = values.filter((v) =>
        baseMeasures.every((ms) => isDimensionAvailable(model, ms, v.dimension)),
      );
      if (candidates.length === 0) candidates = values;
    }
    const picked = candidates.length > 1 ? pickByWord(input, m, candidates, unknown) : null;
    if (picked) candidates = [picked];
    if (candidates.length > 1) {
      const { phrases } = input.pack.messages;
      return ask(
        {
          key: 'ambiguousValue',
          words: m.words,
          options: candidates.map((v) => `${v.value} (${dimensionLabel(model, v.dimension)})`),
        },
        null,
        candidates.map((v) =>
          replaceWords(phrase, m.words, phrases.fieldValue(dimensionLabel(model, v.dimension), v.value)),
        ),
        'whichOne',
      );
    }
    const v = candidates[0];
    const op = m.negated ? 'not_in' : 'in';
    const existing = filters.get(v.dimension);
    if (existing && existing.op === op) {
      if (!existing.values.includes(v.value)) existing.values.push(v.value);
    } else {
      filters.set(v.dimension, { op, values: [v.value] });
    }
  }
  return filters;
}

/** What the question's own words ask for, or the question to ask back about a value. */
export function readQuestion(input: TAssembleInput, unknown: TToken[]): TReading | TClarification {
  const targets = collectTargets(input.matches);
  const follow = followUp(input, targets.measures);
  const { measureFilters, baseMeasures } = numericFilters(input, targets.measureAt, follow.baseMeasures);
  const values = valueFilters(input, baseMeasures, unknown);
  if (!(values instanceof Map)) return values;
  // "EMEA vs APAC", "mobile and desktop": several values of one field are compared, one row
  // each, never summed into one number.
  const comparedDimensions = [...values]
    .filter(([, f]) => f.op === 'in' && f.values.length > 1)
    .map(([field]) => field);
  const dimensions: string[] = [];
  for (const d of targets.dimensionWords) {
    // "the Electronics category" names the filter's field; "by category" asks for a breakdown.
    if (!d.grouped && values.has(d.name)) continue;
    // "how much did customers pay in total": the customers who paid, not a breakdown by them.
    const grouping = d.grouped || input.pack.grouping.words.has(d.words.split(' ')[0]!);
    if (!grouping && input.slots.total) continue;
    if (!dimensions.includes(d.name)) dimensions.push(d.name);
  }
  return {
    unknown,
    ...targets,
    ...follow,
    baseMeasures,
    measureFilters,
    valueFilters: values,
    comparedDimensions,
    dimensions,
  };
}
