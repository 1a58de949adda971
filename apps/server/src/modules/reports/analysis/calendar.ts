/**
 * Section 7, calendar effects: the daily series on the public holidays of the locations of
 * operation (`date-holidays`, offline) against the median of the same weekday.
 */
import { formatChange, formatDate } from '@parley/presenter';
import Holidays from 'date-holidays';
import { median } from 'simple-statistics';
import type { DailySeries } from './anomalies';
import { MIN_DAILY_HISTORY } from './anomalies';
import { type ReportSection, round, type SectionContext, weekday } from './document';

/** Public holidays of the countries between two dates: date → holiday names (in `language`, e.g. `en`, `tr`) with their country. */
export function publicHolidays(
  countries: string[],
  from: string,
  to: string,
  language: string,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const years = new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))]);
  for (const country of countries) {
    // An unknown country code yields no holidays.
    const hd = new Holidays(country, { languages: [language], types: ['public'] });
    for (const year of years) {
      for (const h of hd.getHolidays(year) ?? []) {
        const date = h.date.slice(0, 10);
        if (h.type !== 'public' || date < from || date > to) continue;
        out.set(date, [...(out.get(date) ?? []), `${h.name} (${country})`]);
      }
    }
  }
  return out;
}

/** Each holiday with data: its value, the typical value of its weekday on ordinary days, the effect in %. */
function holidayEffects(series: DailySeries['series'], holidays: Map<string, string[]>) {
  const byWeekday = new Map<number, number[]>();
  for (const p of series.filter((p) => !holidays.has(p.date))) {
    const wd = weekday(p.date);
    byWeekday.set(wd, [...(byWeekday.get(wd) ?? []), p.value]);
  }
  return series
    .filter((p) => holidays.has(p.date))
    .map((p) => {
      const typical = median(byWeekday.get(weekday(p.date)) ?? [p.value]);
      return {
        date: p.date,
        names: holidays.get(p.date)!,
        value: p.value,
        typical,
        effect: typical === 0 ? 0 : ((p.value - typical) / typical) * 100,
      };
    });
}

export function calendarSection(ctx: SectionContext, daily: DailySeries): ReportSection {
  const { t, locale, primary, shown, fmt, range } = ctx;
  const { series } = daily;
  const section: ReportSection = { id: 'calendar', heading: t.calendar.heading, paragraphs: [] };
  const countries = ctx.input.profile.locations_of_operation;
  const holidays = publicHolidays(countries, range.from, range.to, ctx.catalogue.language);
  if (series.length < MIN_DAILY_HISTORY) {
    section.unsupported = t.anomalies.tooShort(series.length, MIN_DAILY_HISTORY);
    return section;
  }
  if (holidays.size === 0) {
    section.unsupported = t.calendar.noHolidays(countries.join(', '), ctx.periodText);
    return section;
  }
  const effects = holidayEffects(series, holidays);
  if (effects.length === 0) {
    section.unsupported = t.calendar.noData;
    return section;
  }
  const meanEffect = effects.reduce((a, e) => a + e.effect, 0) / effects.length;
  ctx.facts.calendar = {
    countries,
    holidays: effects.map((e) => ({
      date: e.date,
      value: round(e.value),
      typical: round(e.typical),
      effect_pct: round(e.effect, 1),
    })),
    mean_effect_pct: round(meanEffect, 1),
  };
  section.paragraphs.push(
    t.calendar.lead(effects.length, countries.join(', '), formatChange(meanEffect, locale), shown),
  );
  section.table = {
    columns: [t.anomalies.date, t.calendar.holiday, shown, t.calendar.typical, t.anomalies.deviation],
    numeric: [false, false, true, true, true],
    rows: effects
      .slice(0, 12)
      .map((e) => [
        formatDate(e.date, locale),
        e.names.join('; '),
        fmt(primary, e.value),
        fmt(primary, e.typical),
        formatChange(e.effect, locale),
      ]),
  };
  return section;
}
