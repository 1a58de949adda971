/**
 * What a report says, computed: from the user's source over the reporting period, the
 * headline measures and their trend, what drove the change (the engine's drivers), anomalies of
 * the daily series (robust: median and MAD around each weekday's median), a seasonal forecast of
 * the next period (the engine's Holt-Winters), concentration (top values' share, HHI), and
 * calendar effects (public holidays of the locations of operation, `date-holidays`, offline).
 * Every query is an ordinary SemanticQuery answered by the AnswerService, so there is one SQL
 * generator; a section the data cannot support says why instead of being filled. Each section is
 * one step under analysis/; this file runs them in the document's order.
 */
import { findMeasureTime, getCardWords, type TMeasure, type TSemanticModel } from '@parley/engine';
import { formatDateRange, formatNumber } from '@parley/presenter';
import { serverTexts } from '../../i18n';
import type { AnswerService, AnswerSource } from '../answers/answers.service';
import { anomaliesSection, dailySeries } from './analysis/anomalies';
import { calendarSection } from './analysis/calendar';
import { concentrationSection } from './analysis/concentration';
import {
  type Ask,
  type ReportDocument,
  type ReportInput,
  reportRange,
  type SectionContext,
  stripTags,
} from './analysis/document';
import { driversSection } from './analysis/drivers';
import { forecastSection } from './analysis/forecast';
import { framing } from './analysis/framing';
import { headlineSection } from './analysis/headline';
import { targetsSection } from './analysis/targets';
import { trendSection } from './analysis/trend';

export {
  REPORT_CHART_SIZE,
  type ReportDocument,
  type ReportInput,
  type ReportSection,
  type ReportTable,
} from './analysis/document';

/** The measure a report leads with: the first visible money measure, else the first visible one with a date. */
export function pickMeasures(model: TSemanticModel): { primary: TMeasure; headline: TMeasure[] } | null {
  const dated = model.measures.filter((m) => !m.hidden && findMeasureTime(model, m.name) !== null);
  const primary = dated.find((m) => m.format === 'currency') ?? dated[0];
  if (!primary) return null;
  const time = findMeasureTime(model, primary.name)!.name;
  const headline = [
    primary,
    ...dated.filter((m) => m !== primary && findMeasureTime(model, m.name)?.name === time),
  ].slice(0, 4);
  return { primary, headline };
}

/** Builds the report document from the source. */
export async function analyseReport(
  answers: AnswerService,
  source: AnswerSource,
  input: ReportInput,
): Promise<ReportDocument> {
  const locale = input.language;
  const catalogue = serverTexts(locale);
  const t = catalogue.report;
  const ask: Ask = async (query) => {
    const result = await answers.answerQuery(source, query, '', {
      timezone: input.timezone,
      language: locale,
    });
    const r = result.responses[0];
    return { card: r?.card ?? null, text: r?.text ? stripTags(r.text) : null };
  };
  const range = reportRange(input.today, input.reportingPeriod);
  const previous = reportRange(range.from, input.reportingPeriod);
  const periodText = formatDateRange(range.from, range.to, locale);
  const facts: Record<string, unknown> = {
    period: { from: range.from, to: range.to, months: input.reportingPeriod },
    previous_period: previous,
  };
  const doc: ReportDocument = {
    title: t.title[input.report],
    subtitle: t.subtitle(input.profile.business_name, periodText),
    framing: framing(input, t),
    sections: [],
    summary: [],
    facts,
  };
  const measures = pickMeasures(source.model);
  if (!measures) {
    doc.sections.push({
      id: 'headline',
      heading: t.headline.heading,
      paragraphs: [],
      unsupported: t.noMeasures,
    });
    return doc;
  }
  // Measures and dimensions are named in the report's language, as the cards name them.
  const words = getCardWords(catalogue.language);
  const { primary, headline } = measures;
  const ctx: SectionContext = {
    input,
    model: source.model,
    ask,
    catalogue,
    t,
    locale,
    words,
    range,
    previous,
    periodText,
    primary,
    headline,
    time: findMeasureTime(source.model, primary.name)!.name,
    lastMonths: { kind: 'last', unit: 'month', n: input.reportingPeriod },
    // Row keys are the model's labels; what the reader sees is `shown`.
    label: primary.label,
    shown: words.field(primary.label),
    fmt: (m, v) => formatNumber(v, m.format, { locale, compact: false }),
    facts,
    summary: doc.summary,
    rawChange: new Map(),
  };
  // In the document's order: the facts and the summary lines follow it.
  doc.sections.push(await headlineSection(ctx), await trendSection(ctx), await driversSection(ctx));
  const daily = await dailySeries(ctx);
  doc.sections.push(
    anomaliesSection(ctx, daily),
    await forecastSection(ctx),
    await concentrationSection(ctx),
  );
  doc.sections.push(calendarSection(ctx, daily));
  // Employee growth is framed by focus functions, not target clients.
  if (input.report !== 'employee_growth') doc.sections.push(await targetsSection(ctx));
  return doc;
}
