/**
 * The shape of the server's text catalogues (reports, digests, the unsubscribe page): one catalogue
 * per language in this folder, each typed as `ServerCatalogue`, so a key missing in one language
 * is a type error. The code picks a catalogue through `serverTexts(language)` (index.ts).
 */
import type { TKeyTheme, TNotificationFrequency, TReportName } from '@parley/contract';
import type { TLanguageCode } from '@parley/engine';

type Direction = 'up' | 'down' | 'flat';
type Grain = 'week' | 'month';

export interface ReportTexts {
  title: Record<TReportName, string>;
  subtitle: (business: string, period: string) => string;
  other: string;
  previous: string;
  noMeasures: string;
  /** The executive summary's heading. */
  summary: string;
  themes: Record<TKeyTheme, string>;
  framing: {
    heading: string;
    /** The data source the report reads, named as the data-sources screen names it. */
    source: (name: string) => string;
    business: (name: string, industry: string, countries: string) => string;
    priorities: (text: string) => string;
    goals: (text: string) => string;
    themes: (list: string) => string;
    functions: (list: string) => string;
    noPeopleData: string;
    interest: (text: string) => string;
    clients: (list: string) => string;
  };
  headline: {
    heading: string;
    measure: string;
    change: string;
    empty: (period: string) => string;
    lead: (label: string, value: string, period: string, change: string | null, previous: string) => string;
    others: (items: string[]) => string;
  };
  trend: {
    heading: (label: string) => string;
    tooShort: (points: number) => string;
    lead: (label: string, grain: Grain, direction: Direction, slope: string, pct: string) => string;
    extremes: (grain: Grain, best: string, bestValue: string, worst: string, worstValue: string) => string;
  };
  drivers: {
    heading: string;
    none: string;
    lead: (
      label: string,
      dimension: string,
      value: string,
      base: string,
      share: string,
      change: string,
      total: string,
    ) => string;
    item: (dimension: string, value: string, base: string, share: string) => string;
    others: (items: string[]) => string;
    dimension: string;
    value: string;
    change: string;
    base: string;
    share: string;
  };
  anomalies: {
    heading: string;
    tooShort: (days: number, need: number) => string;
    lead: (days: number, count: number, label: string) => string;
    date: string;
    expected: string;
    deviation: string;
  };
  forecast: {
    heading: string;
    none: string;
    lead: (label: string, when: string, total: string, method: string) => string;
    month: string;
    expected: string;
    low: string;
    high: string;
  };
  concentration: {
    heading: (label: string) => string;
    none: string;
    lead: (
      label: string,
      dimension: string,
      count: number,
      top5: string,
      top: string,
      topShare: string,
    ) => string;
    level: (hhi: number) => string;
    levelHeading: string;
    fewValues: string;
    dimension: string;
    count: string;
    top: string;
    top5: string;
  };
  calendar: {
    heading: string;
    noHolidays: (countries: string, period: string) => string;
    noData: string;
    lead: (count: number, countries: string, effect: string, label: string) => string;
    holiday: string;
    typical: string;
  };
  targets: {
    heading: string;
    none: (names: string) => string;
    lead: (label: string) => string;
    client: string;
  };
  lines: {
    growth: (label: string, value: string, period: string, change: string | null) => string;
    driver: (value: string, dimension: string, share: string, base: string, ahead: boolean) => string;
    anomalies: (count: number, largest: string | null) => string;
    outlook: (total: string, when: string) => string;
    concentration: (label: string, dimension: string, level: string, top: string, share: string) => string;
  };
  mail: {
    intro: string;
    open: string;
    why: string;
    pdf: string;
    notSupported: string;
  };
}

export interface DigestTexts {
  title: Record<TNotificationFrequency | 'now', string>;
  first: string;
  /** `change` is null when the last value was 0 (no percentage). */
  changed: (label: string, now: string, change: string | null, was: string) => string;
  same: (label: string, now: string) => string;
  rows: (shown: number, total: number) => string;
  noAnswer: string;
  open: string;
  unsubscribe: string;
  why: string;
  other: string;
  previous: string;
  /** A bucket still running, a bucket the period cuts short, the stacked total (as on the card). */
  soFar: string;
  partial: string;
  total: string;
  /** Under a chart picture that holds only the first rows (the rest are in the CSV). */
  chartRows: (shown: number, total: number) => string;
  /** Under a chart that draws the top values of a second category, the rest left out or merged (as on the card). */
  chartTop: (shown: number, total: number) => string;
  chartOther: (shown: number, total: number, other: string) => string;
}

/** The page the digest's unsubscribe link answers. */
export interface UnsubscribePageTexts {
  done: (name: string) => string;
  again: string;
  title: string;
  failed: string;
}

/** The lines an e-mailed card has around it: its comparison, its source and when its data was read. */
export interface CardMailTexts {
  comparedWith: (period: string) => string;
  source: (name: string) => string;
  dataRead: (date: string) => string;
  /** A source answered from a copy: when the copy was read. */
  dataAsOf: (date: string) => string;
  /** Heading of the card's insights. */
  insights: string;
  /** The chart picture's alt text, naming the card. */
  chartAlt: (title: string) => string;
}

/** The columns a card's CSV adds so every row says its period (the web's exports.csv_* words). */
export interface CardCsvTexts {
  period: string;
  comparison: string;
}

/** What a golden check found wrong with a verified question (modules/verified/golden-checks.ts). */
export type BrokenReason =
  | { kind: 'missing'; field: 'measure' | 'dimension' | 'time' | 'filter'; name: string }
  | { kind: 'compile'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'columns'; added: string[]; removed: string[] };

/** The notifications panel's texts. */
export interface NotificationTexts {
  verifiedBroken: { title: (phrase: string) => string; text: (phrase: string, reason: string) => string };
  /** Why a verified question broke, said by kind. */
  reason: { [K in BrokenReason['kind']]: (reason: Extract<BrokenReason, { kind: K }>) => string };
}

/** An alert's notices and mail (issue 34). */
export interface AlertTexts {
  firedTitle: (phrase: string) => string;
  /** "last week: 1,234 (−12 % vs 1,402)". */
  firedLead: (period: string, value: string, change: string | null, previous: string | null) => string;
  groups: (names: string) => string;
  why: string;
  failingTitle: (phrase: string) => string;
  failingText: (reason: string) => string;
  recoveredTitle: (phrase: string) => string;
  recoveredText: string;
  open: string;
  mute: string;
  muteWhy: string;
  mutedTitle: string;
  muted: (phrase: string) => string;
  muteFailed: string;
}

export interface ServerCatalogue {
  /** The engine's language: card words, forecast method names and public-holiday names are asked in it. */
  language: TLanguageCode;
  /** How the catalogue's numbers are written (group and decimal separators), so a text's numbers can be read back. */
  numbers: { group: string; decimal: string };
  report: ReportTexts;
  digest: DigestTexts;
  unsubscribe: UnsubscribePageTexts;
  cardMail: CardMailTexts;
  cardCsv: CardCsvTexts;
  notifications: NotificationTexts;
  alerts: AlertTexts;
}

/** HHI bands of the US merger guidelines: below 1 500 unconcentrated, above 2 500 highly concentrated. */
export const hhiBand = (hhi: number) => (hhi < 1500 ? 0 : hhi <= 2500 ? 1 : 2);
