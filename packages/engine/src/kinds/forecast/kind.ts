/** Forecast ("revenue next quarter"): the history at the grain, then Holt-Winters (forecast.ts). */
import type { TCompiledQuery } from '../../compiler/compile';
import type { TQuestionKindDef } from '../types';
import { buildForecastAnswer, planForecast } from './forecast';
import { forecastQuestion, type TForecastCue } from './question';

/** The one history query of a forecast. */
export interface TForecastPlan {
  queries: [TCompiledQuery];
}

export const forecastKind: TQuestionKindDef<'forecast', TForecastPlan, TForecastCue> = {
  kind: 'forecast',
  // "forecast", "predict", "what will … be", and how far ahead ("next 3 months").
  cues: ['forecast', 'forecastCue', 'horizon'],
  question: forecastQuestion,
  // History, forecast and its band on one time axis.
  shape: 'forecast',
  plan: (query, model, options) => ({ queries: [planForecast(query, model, options)] }),
  answer: (plan, [rows = []], input) =>
    buildForecastAnswer({
      query: input.query,
      model: input.model,
      compiled: plan.queries[0],
      rows,
      readAt: input.readAt,
      today: input.today,
      weekStart: input.weekStart,
      locale: input.locale,
      language: input.language,
    }),
};
