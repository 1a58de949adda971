/** The server's English texts (en-US and en-GB): reports, digests, the unsubscribe page. */
import { hhiBand, type ServerCatalogue } from './catalogue';

export const en: ServerCatalogue = {
  language: 'en',
  numbers: { group: ',', decimal: '.' },
  report: {
    title: {
      organisation_strategy: 'Organisation strategy report',
      organisation_opportunity: 'Organisation opportunity report',
      employee_growth: 'Employee growth report',
    },
    subtitle: (business, period) => `${business} · ${period}`,
    other: 'Other',
    previous: 'Previous',
    summary: 'Executive summary',
    noMeasures:
      'The connected data source has no dated measure, so there is nothing to report over a period.',
    themes: {
      competition: 'competition',
      labor_market: 'labour market',
      trending_skills: 'trending skills',
      regulation: 'regulation',
      market_insights: 'market insights',
      opportunities: 'opportunities',
      other: 'other',
    },
    framing: {
      heading: 'Scope',
      source: (name) => `Data source: ${name}.`,
      business: (name, industry, countries) => `${name}, ${industry}, operating in ${countries}.`,
      priorities: (text) => `Strategic priorities: ${text}`,
      goals: (text) => `Goals and OKRs: ${text}`,
      themes: (list) => `Key themes: ${list}.`,
      functions: (list) => `Focus functions: ${list}.`,
      noPeopleData:
        'The connected source holds no people data (headcount, hires, attrition), so this report reads the business measures those functions drive.',
      interest: (text) => `Key points of interest: ${text}`,
      clients: (list) => `Target clients: ${list}.`,
    },
    headline: {
      heading: 'Headline measures',
      measure: 'Measure',
      change: 'Change',
      empty: (period) =>
        `The data source has no activity in ${period}, so there are no headline measures to report.`,
      lead: (label, value, period, change, previous) =>
        change
          ? `${label} was ${value} in ${period}, ${change} against the previous period (${previous}).`
          : `${label} was ${value} in ${period}; the previous period had none to compare with.`,
      others: (items) => `Alongside it: ${items.join(', ')}.`,
    },
    trend: {
      heading: (label) => `${label} trend`,
      tooShort: (points) =>
        `The period has ${points} data point${points === 1 ? '' : 's'}; a trend needs at least 3.`,
      lead: (label, grain, direction, slope, pct) =>
        direction === 'flat'
          ? `${label} was flat across the period (a least-squares slope under 0.5% of the ${grain}ly average).`
          : `${label} moved ${direction} by about ${slope} a ${grain} (${pct} of the ${grain}ly average), by a least-squares fit.`,
      extremes: (grain, best, bestValue, worst, worstValue) =>
        `The strongest ${grain} was ${best} (${bestValue}); the weakest ${worst} (${worstValue}).`,
    },
    drivers: {
      heading: 'What changed and what drove it',
      none: 'The change could not be split by any breakdown of the data.',
      lead: (label, dimension, value, base, share, change, total) =>
        `${value} (${dimension}) made ${base} of ${label} in the previous period but ${share} of its change: it moved ${change} against ${total} overall.`,
      item: (dimension, value, base, share) =>
        `${value} (${dimension}) brought ${share} of the change from ${base} of the base`,
      others: (items) => `Elsewhere: ${items.join('; ')}.`,
      dimension: 'Breakdown',
      value: 'Value',
      change: 'Change',
      base: 'Share before',
      share: 'Share of change',
    },
    anomalies: {
      heading: 'Anomalies',
      tooShort: (days, need) =>
        `The period has ${days} days with data; robust outlier detection needs at least ${need}, so this section is left out.`,
      lead: (days, count, label) =>
        count === 0
          ? `None of the ${days} days stands out: every daily ${label} value is within 3.5 robust standard deviations of its weekday's median.`
          : `${count} of ${days} days stand out: their ${label} is more than 3.5 robust standard deviations (median absolute deviation) from what that weekday usually brings.`,
      date: 'Date',
      expected: 'Typical for the weekday',
      deviation: 'Deviation',
    },
    forecast: {
      heading: 'Outlook for the next period',
      none: 'There is not enough history to forecast the next period.',
      lead: (label, when, total, method) =>
        `For ${when} the model expects ${label} of ${total}${method ? ` (${method}, 95% prediction interval below)` : ''}.`,
      month: 'Month',
      expected: 'Expected',
      low: 'Low (95%)',
      high: 'High (95%)',
    },
    concentration: {
      heading: (label) => `Concentration of ${label}`,
      none: 'The data has no breakdown to measure concentration by.',
      lead: (label, dimension, count, top5, top, topShare) =>
        `Across ${count} ${dimension} values, the top 5 make ${top5} of ${label}; the largest, ${top}, alone makes ${topShare}.`,
      level: (hhi) => ['unconcentrated', 'moderately concentrated', 'highly concentrated'][hhiBand(hhi)]!,
      levelHeading: 'Reading',
      fewValues: 'too few values to judge',
      dimension: 'Breakdown',
      count: 'Values',
      top: 'Largest',
      top5: 'Top 5 share',
    },
    calendar: {
      heading: 'Calendar effects',
      noHolidays: (countries, period) => `No public holidays of ${countries} fall in ${period}.`,
      noData: 'The holidays of the period have no data to compare.',
      lead: (count, countries, effect, label) =>
        `On the ${count} public holiday${count === 1 ? '' : 's'} of ${countries} in the period, daily ${label} was on average ${effect} against the median of the same weekday.`,
      holiday: 'Holiday',
      typical: 'Typical for the weekday',
    },
    targets: {
      heading: 'Target clients in the data',
      none: (names) =>
        `None of the target clients (${names}) appear as a value in the connected data, so the figures cover the whole business.`,
      lead: (label) =>
        `Target clients named in the profile that the data knows, with their ${label} over the period:`,
      client: 'Client',
    },
    lines: {
      growth: (label, value, period, change) =>
        change
          ? `${label} reached ${value} in ${period}, ${change} on the previous period.`
          : `${label} reached ${value} in ${period}.`,
      driver: (value, dimension, share, base, ahead) =>
        ahead
          ? `${value} (${dimension}) outperformed: ${share} of the change came from ${base} of the base.`
          : `${value} (${dimension}) lagged: ${share} of the change from ${base} of the base.`,
      anomalies: (count, largest) =>
        count === 0
          ? 'No day stood out from its weekday pattern.'
          : `${count} day${count === 1 ? '' : 's'} stood out from the weekday pattern, the largest on ${largest}.`,
      outlook: (total, when) => `The seasonal model expects ${total} for ${when}.`,
      concentration: (label, dimension, level, top, share) =>
        `By ${dimension}, ${label} is ${level}: ${top} alone makes ${share}.`,
    },
    mail: {
      intro: 'Your report, computed from your connected data.',
      open: 'Open it in the app',
      why: 'You receive this e-mail because this report is scheduled or was generated on your request.',
      pdf: 'The attached PDF holds the same report.',
      notSupported: 'Not enough data',
    },
  },
  digest: {
    title: { daily: 'Daily digest', weekly: 'Weekly digest', monthly: 'Monthly digest', now: 'Digest' },
    first: 'First digest of this card: nothing to compare with yet.',
    changed: (label, now, change, was) =>
      change
        ? `${label}: ${now}, ${change} since the last digest (was ${was})`
        : `${label}: ${now} (${was} in the last digest)`,
    same: (label, now) => `${label}: ${now}, unchanged since the last digest`,
    rows: (shown, total) => `The first ${shown} of ${total} rows; all of them are in the attached CSV file.`,
    noAnswer: 'This card could not be answered',
    open: 'Open the collection',
    unsubscribe: 'Unsubscribe from this digest',
    why: 'You receive this e-mail because the digest of this collection is on.',
    other: 'Other',
    previous: 'Previous',
    soFar: 'so far',
    partial: 'partial',
    total: 'Total',
    chartRows: (shown, total) =>
      `The chart shows the first ${shown} of ${total}; all of them are in the attached CSV file.`,
    chartTop: (shown, total) => `Top ${shown} of ${total}`,
    chartOther: (shown, total, other) => `Top ${shown} of ${total}; the rest in “${other}”`,
  },
  unsubscribe: {
    done: (name) => `You will no longer receive the digest of “${name}”.`,
    again: 'You can switch it on again in the collection’s settings.',
    title: 'Unsubscribed',
    failed: 'This link does not work',
  },
  cardMail: {
    comparedWith: (period) => `vs ${period}`,
    source: (name) => `Source: ${name}`,
    dataRead: (date) => `Data read ${date}`,
    dataAsOf: (date) => `Data as of ${date}`,
    insights: 'Insights',
    chartAlt: (title) => `Chart of ${title}`,
  },
  cardCsv: { period: 'Period', comparison: 'Comparison period' },
  alerts: {
    firedTitle: (phrase) => `Alert: “${phrase}”`,
    firedLead: (period, value, change, previous) =>
      `${period}: ${value}${change ? ` (${change}${previous ? ` vs ${previous}` : ''})` : ''}`,
    groups: (names) => `Groups that meet it: ${names}`,
    why: 'Why',
    failingTitle: (phrase) => `Alert cannot be checked: “${phrase}”`,
    failingText: (reason) => `Its source did not answer (${reason}). You will hear once more when it does.`,
    recoveredTitle: (phrase) => `Alert checked again: “${phrase}”`,
    recoveredText: 'Its source answers again; the alert is back on watch.',
    open: 'Open the card',
    mute: 'Mute this alert',
    muteWhy: 'You get this e-mail because you set this alert.',
    mutedTitle: 'Alert muted',
    muted: (phrase) => `The alert “${phrase}” is paused. Turn it back on from your alerts in the app.`,
    muteFailed: 'This mute link is not valid.',
  },
  notifications: {
    verifiedBroken: {
      title: (phrase) => `A verified question broke: “${phrase}”`,
      text: (phrase, reason) =>
        `“${phrase}” no longer answers as it was verified: ${reason}. Open the model to fix it.`,
    },
    reason: {
      missing: ({ field, name }) => `${FIELD_NAMES[field]} ${name} is no longer in the model`,
      compile: ({ message }) => `it no longer compiles: ${message}`,
      failed: ({ message }) => `the query failed: ${message}`,
      columns: ({ added, removed }) =>
        `its columns changed: ${[...added.map((c) => `+ ${c}`), ...removed.map((c) => `− ${c}`)].join(' ')}`,
    },
  },
};

const FIELD_NAMES = { measure: 'Measure', dimension: 'Dimension', time: 'Time dimension', filter: 'Field' };
