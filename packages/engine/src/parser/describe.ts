/**
 * Plain-words descriptions of a SemanticQuery, used for "what I understood" answers and card
 * titles, so users can check the interpretation: in the language's own words (its pack's card).
 */
import type { TSemanticQuery } from '@parley/contract';
import { queryModel } from '../compiler/aggregations';
import { getLanguagePack, type TLanguageCode } from '../languages';
import type { TSemanticModel } from '../model/semantic-model';

/** A short title: "Revenue by Country, last month" (Turkish: "Ülke bazında Gelir, geçen ay"). */
export function describeTitle(
  query: TSemanticQuery,
  model: TSemanticModel,
  language?: TLanguageCode,
): string {
  return getLanguagePack(language).card.title(query, named(query, model));
}

/** Every part of the query in words, for the "I understood" text, in the question's language. */
export function describeQuery(
  query: TSemanticQuery,
  model: TSemanticModel,
  language?: TLanguageCode,
): string {
  return getLanguagePack(language).card.describe(query, named(query, model));
}

/** The model with the query's named aggregations ("Median Salary"); as it is when one cannot apply. */
function named(query: TSemanticQuery, model: TSemanticModel): TSemanticModel {
  try {
    return queryModel(model, query);
  } catch {
    return model;
  }
}
