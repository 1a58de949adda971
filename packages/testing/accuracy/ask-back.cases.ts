/**
 * Must-ask-back set: questions where any card would be a guess, over the demo model
 * and the introspected SaaS model (today = 2026-11-20). Each case expects a clarification; the
 * comment says why asking back is the right answer. Phrasings follow what business users type
 * into BI search boxes (ThoughtSpot / Power BI Q&A style), including casing and punctuation.
 */
import type { TAccuracyCase } from './accuracy-runner';

const ask = (phrase: string, knownFailure?: string): TAccuracyCase =>
  knownFailure ? { phrase, expected: 'clarify', knownFailure } : { phrase, expected: 'clarify' };

/** A vague request or nonsense asks back without claiming anything was understood. */
const askBlank = (phrase: string): TAccuracyCase => ({
  phrase,
  expected: 'clarify',
  understoodNothing: true,
});

export const ASK_BACK_DEMO_CASES: TAccuracyCase[] = [
  // Vague: nothing says what to measure; an all-time total would answer a question nobody asked.
  ask("how's business?"),
  ask('give me the numbers'),
  ask('anything interesting?'),
  ask("what's going on"),
  ask('show me the dashboard'),
  ask('summary please'),
  // A period alone is not a measure.
  ask('how did we do last month'),
  ask('performance this year'),
  ask('KPIs'),
  ask('update me on this week'),
  ask('what should I know'),
  // A value or a breakdown alone is not a measure either.
  ask('stats for germany'),
  ask('report for Q3'),
  ask('tell me about EMEA'),
  ask('numbers by region'),
  ask('metrics by channel last month'),
  ask('show me trends'),
  ask('how is mobile doing'),

  // Measures the demo model does not have: never substitute the nearest one.
  ask('revenue per employee'), // no headcount anywhere
  ask('churn rate last month'), // no churn or subscription data
  ask('customer lifetime value by segment'), // no CLV measure
  ask('CAC by channel'), // no acquisition cost
  ask('inventory levels by category'), // no stock data
  ask('shipping costs last month'), // no cost of shipping
  ask('NPS by country'), // no survey scores
  ask('marketing spend by channel'), // no spend, so no ROAS either
  ask('ROAS by channel'),
  ask('cart abandonment rate'), // no carts
  ask('average session duration by device'), // web_traffic has no duration
  ask('return rate by category'), // refunds ÷ orders is not a measure of the model
  ask('average revenue per customer last year'), // Revenue ÷ Customers is not a measure
  ask('pageviews per session by device'), // Pageviews ÷ Sessions is not a measure
  ask('average units per order'), // Units Sold ÷ Orders is not a measure
  ask('median order value'), // no median aggregate: the mean would be a different number
  ask('cumulative revenue this year'), // no running total: a plain total would be wrong
  ask('revenue moving average'), // no moving averages
  ask('revenue per capita by country'), // no population data

  // Words the model does not know next to ones it does: the unknown word changes the question.
  ask('revenue by zodiac sign'),
  ask('orders by weather'),
  ask('revenue by salesperson'),
  ask('sessions by browser'),
  ask('revenue by city'),
  ask('orders by payment method'),
  ask('revenue by age group'),
  ask('units sold by warehouse'),
  ask('revenue by state'),
  ask('orders by day of week'), // no weekday breakdown
  ask('revenue in Chile'), // not one of the demo's countries
  ask('revenue in California'),
  ask('revenue in Georgia'),
  ask('sessions from tiktok'), // not one of the channels
  ask('revenue from affiliates'),
  ask('open orders'), // no such status: completed, refunded, cancelled
  ask('revenue on black friday 2025'), // holidays are not dates the engine knows

  // Currencies: the demo is in dollars; converting (or reading "EUR" as Europe) would be wrong.
  ask('sales in EUR by region'),
  ask('revenue in pounds sterling'),
  ask('gross margin in yen'),

  // Two periods at once, with nothing saying which one is compared with which.
  ask('orders yesterday last week'),
  ask('revenue for March and for Q3'),
  ask('sessions this week last month'),

  // Rankings with nothing to rank.
  ask('show me the top five'),
  ask("what's the best"),
  ask('top 3 by revenue'), // top 3 of what?
  ask('which is the highest'),
  ask('bottom 10 this year'),

  // Drivers ("why", "what drove") are not built yet: a plain total or comparison is not an answer.
  ask('why did revenue drop last month'),
  ask('what drove orders in Q3'),
  ask('why are sessions down this week'),
  ask('what caused the increase in refunds'),
  ask('reasons for lower conversion rate in October'),
  ask("what's behind the revenue growth this year"),
  ask('explain the drop in AOV'),

  // Forecasts are not built yet: the future has no rows, and a past period is not a forecast.
  ask('forecast revenue next quarter'),
  ask('orders next 3 months'),
  ask('predict sessions for next week'),
  ask('projected revenue for 2027'),
  ask('what will revenue be in December'), // future tense: a forecast, not December 2025
  ask('expected signups next month'),

  // Ambiguous words: two measures (or a measure and a value) fit equally well.
  ask('rate by device'), // Bounce Rate or Conversion Rate?
  ask('conversion by channel'), // Conversions or Conversion Rate?
  ask('which categories sold best last year'), // by revenue or by units?
  ask('top selling products'), // by revenue or by units?
  ask('value by country'), // revenue? order value?
  ask('average by channel'), // average of what?
  ask('paid orders last month', '"paid" read as the Paid Search channel (paid = completed orders?)'),
  ask('revenue from new customers'), // revenue of new customers needs a cohort the model lacks
  // Lower-case "us" before a measure may be the country or the pronoun: never drop it silently.
  ask('us revenue by month', 'lower-case "us" before a measure silently dropped: answers all countries'),

  // Measures that cannot be split by the named field: a card would repeat the total on each row.
  ask('sessions by category'),
  ask('revenue by device'),
  ask('orders by device last month'),
  ask('conversion rate by brand'),
  ask('new customers by channel'),

  // Nonsense, code and commands: never a card.
  ask('asdfgh'),
  ask('purple monkey dishwasher'),
  ask('?'),
  ask('123'),
  ask('select * from orders'),
  ask('<script>alert(1)</script>'),
  ask('delete all orders'),
  ask('send this report to my boss'),
  // Vague requests and nonsense, in English and Turkish: no measure was named, none is claimed
  // (a typo correction of a nonsense word is no measure: "purple monkey" is not "people money").
  askBlank('show me the thing'),
  askBlank('the numbers'),
  askBlank('give me data'),
  askBlank('what about it'),
  askBlank('elephants dance on the moon'),
  askBlank('blorp zork'),
  askBlank('purple monkey dishwasher'),
  askBlank('bana şeyi göster'),
  askBlank('rakamlar'),
  askBlank('veri ver'),
  askBlank('fil ayda dans ediyor'),
  askBlank('mor maymun bulaşık makinesi'),
  // A negation or a comparison left without its object: the question was cut off.
  ask('revenue excluding'), // cut off: excluding what?
  ask('revenue last month vs'), // cut off: compared with what?
];

export const ASK_BACK_SAAS_CASES: TAccuracyCase[] = [
  // Vague.
  ask('how are things looking'),
  ask('give me an overview'),
  askBlank('show me the thing'),
  askBlank('the numbers'),
  askBlank('what about it'),
  // Nonsense, in English and Turkish.
  askBlank('elephants dance on the moon'),
  askBlank('blorp zork'),
  askBlank('purple monkey dishwasher'),
  askBlank('bana şeyi göster'),
  askBlank('peki ya o'),
  askBlank('fil ayda dans ediyor'),

  // Measures the SaaS schema does not have.
  ask('churn rate by plan'), // no cancellations recorded
  ask('MRR by plan'), // invoices are not subscriptions: MRR would be a guess
  ask('ARR this year'),
  ask('NPS last quarter'), // satisfaction is a 1–5 score, not NPS
  ask('lifetime value by industry'),
  ask('first response time by priority'), // only resolution hours exist
  ask('seats by plan'),
  ask('renewals this quarter'),
  ask('upgrades last month'),
  ask('expansion revenue'),
  // "per account" is a ratio here (average revenue per account), which no measure gives.
  ask('revenue per account'),
  ask('average tickets per account'),

  // Fields and values the schema does not have.
  ask('revenue by sales rep'),
  ask('tickets by product'),
  ask('revenue by region'), // accounts have a country, no region
  ask('tickets by agent'),
  ask('revenue in Germany'), // not one of the accounts' countries

  // Currency.
  ask('revenue in euros'),

  // Two periods at once; ranking with nothing to rank.
  ask('revenue last month this year'),
  ask('top 5 please'),

  // Measures that cannot be split by the named field.
  ask('satisfaction by invoice status'),

  // Drivers and forecasts are not built yet.
  ask('why did tickets go up last month'),
  ask('what drove revenue in Q2'),
  ask('forecast revenue next quarter'),
  ask('how many tickets will we get next month'),
];
