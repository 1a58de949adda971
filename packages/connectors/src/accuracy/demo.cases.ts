/**
 * Accuracy dev set over the demo dataset (DESIGN §5), today = 2026-11-20 (a Friday), weeks
 * starting Monday. Each expected query is written by hand against the raw tables.
 */
import type { TAccuracyCase } from './accuracy-runner';

const OI = 'FROM order_items oi JOIN orders o ON o.order_id = oi.order_id';
const OIP = `${OI} JOIN products p ON p.product_id = oi.product_id`;
const REV = 'SUM(oi.quantity * oi.unit_price - oi.discount)';
const DONE = "o.status = 'completed'";
const between = (col: string, a: string, b: string) => `${col} BETWEEN DATE '${a}' AND DATE '${b}'`;
const od = (a: string, b: string) => between('o.order_date', a, b);
const wd = (a: string, b: string) => between('date', a, b);
const ORD = 'COUNT(DISTINCT o.order_id)';

export const DEMO_CASES: TAccuracyCase[] = [
  // Single totals over named ranges.
  {
    phrase: 'revenue last month',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'What was our total revenue yesterday?',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-11-19', '2026-11-19')}`,
  },
  {
    phrase: 'sales in the last 7 days',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-11-13', '2026-11-19')}`,
  },
  {
    phrase: 'show me sales for the past 30 days',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-10-21', '2026-11-19')}`,
  },
  {
    phrase: 'revenue this month',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-11-01', '2026-11-20')}`,
  },
  {
    phrase: 'revenue this week',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-11-16', '2026-11-20')}`,
  },
  {
    phrase: 'revenue last week',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-11-09', '2026-11-15')}`,
  },
  {
    phrase: 'revenue in the last 2 weeks',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-11-02', '2026-11-15')}`,
  },
  {
    phrase: 'turnover last quarter',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-07-01', '2026-09-30')}`,
  },
  {
    phrase: 'revenue this quarter',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-10-01', '2026-11-20')}`,
  },
  {
    phrase: 'revenue year to date',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')}`,
  },
  {
    phrase: 'ytd sales',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')}`,
  },
  {
    phrase: 'revenue month to date',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-11-01', '2026-11-20')}`,
  },
  {
    phrase: 'sales quarter to date',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-10-01', '2026-11-20')}`,
  },
  {
    phrase: 'revenue last year',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')}`,
  },
  {
    phrase: 'revenue in 2024',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2024-01-01', '2024-12-31')}`,
  },
  {
    phrase: 'revenue in March 2025',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2025-03-01', '2025-03-31')}`,
  },
  {
    phrase: 'what were the sales in feb 2024',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2024-02-01', '2024-02-29')}`,
  },
  {
    phrase: 'revenue Q2 2025',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2025-04-01', '2025-06-30')}`,
  },
  {
    phrase: 'revenue in the first half',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-01-01', '2026-06-30')}`,
  },
  {
    phrase: 'revenue second half of 2025',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2025-07-01', '2025-12-31')}`,
  },
  {
    phrase: 'revenue last 3 months',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-08-01', '2026-10-31')}`,
  },
  {
    phrase: 'revenue in the last 12 months',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2025-11-01', '2026-10-31')}`,
  },
  {
    phrase: 'revenue last 2 quarters',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-04-01', '2026-09-30')}`,
  },
  {
    phrase: 'revenue the last 2 years',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2024-01-01', '2025-12-31')}`,
  },
  {
    phrase: 'revenue between 1 march 2025 and 15 april 2025',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2025-03-01', '2025-04-15')}`,
  },
  {
    phrase: 'revenue from 2025-01-01 to 2025-01-31',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2025-01-01', '2025-01-31')}`,
  },
  {
    phrase: 'revenue since June 2026',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-06-01', '2026-11-20')}`,
  },
  { phrase: 'total revenue', expected: `SELECT ${REV} ${OI} WHERE ${DONE}` },
  { phrase: 'how much revenue did we make all time', expected: `SELECT ${REV} ${OI} WHERE ${DONE}` },
  {
    phrase: 'how many orders last month',
    expected: `SELECT ${ORD} FROM orders o WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'number of orders yesterday',
    expected: `SELECT ${ORD} FROM orders o WHERE ${DONE} AND ${od('2026-11-19', '2026-11-19')}`,
  },
  {
    phrase: 'order count in 2025',
    expected: `SELECT ${ORD} FROM orders o WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')}`,
  },
  {
    phrase: 'average order value last month',
    expected: `SELECT (SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')}) * 1.0 / (SELECT ${ORD} FROM orders o WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')})`,
  },
  {
    phrase: 'AOV this year',
    expected: `SELECT (SELECT ${REV} ${OI} WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')}) * 1.0 / (SELECT ${ORD} FROM orders o WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')})`,
  },
  {
    phrase: 'units sold last week',
    expected: `SELECT SUM(oi.quantity) ${OI} WHERE ${DONE} AND ${od('2026-11-09', '2026-11-15')}`,
  },
  {
    phrase: 'how many units did we sell in Q3 2026',
    expected: `SELECT SUM(oi.quantity) ${OI} WHERE ${DONE} AND ${od('2026-07-01', '2026-09-30')}`,
  },
  {
    phrase: 'how many customers bought last month',
    expected: `SELECT COUNT(DISTINCT o.customer_id) FROM orders o WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'number of clients this year',
    expected: `SELECT COUNT(DISTINCT o.customer_id) FROM orders o WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')}`,
  },
  {
    phrase: 'new customers last month',
    expected: `SELECT COUNT(*) FROM customers WHERE ${between('signup_date', '2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'signups this year',
    expected: `SELECT COUNT(*) FROM customers WHERE ${between('signup_date', '2026-01-01', '2026-11-20')}`,
  },
  {
    phrase: 'refunds last quarter',
    expected: `SELECT ${ORD} FROM orders o WHERE o.status = 'refunded' AND ${od('2026-07-01', '2026-09-30')}`,
  },
  {
    phrase: 'how many refunds in 2025',
    expected: `SELECT ${ORD} FROM orders o WHERE o.status = 'refunded' AND ${od('2025-01-01', '2025-12-31')}`,
  },
  {
    phrase: 'gross margin last month',
    expected: `SELECT SUM(oi.quantity * (oi.unit_price - p.unit_cost) - oi.discount) ${OIP} WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'profit in 2025',
    expected: `SELECT SUM(oi.quantity * (oi.unit_price - p.unit_cost) - oi.discount) ${OIP} WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')}`,
  },
  {
    phrase: 'sessions yesterday',
    expected: `SELECT SUM(sessions) FROM web_traffic WHERE ${wd('2026-11-19', '2026-11-19')}`,
  },
  {
    phrase: 'how many visitors last week',
    expected: `SELECT SUM(users) FROM web_traffic WHERE ${wd('2026-11-09', '2026-11-15')}`,
  },
  {
    phrase: 'pageviews this month',
    expected: `SELECT SUM(pageviews) FROM web_traffic WHERE ${wd('2026-11-01', '2026-11-20')}`,
  },
  {
    phrase: 'conversions last 30 days',
    expected: `SELECT SUM(conversions) FROM web_traffic WHERE ${wd('2026-10-21', '2026-11-19')}`,
  },
  {
    phrase: 'bounce rate last month',
    expected: `SELECT SUM(bounces) * 1.0 / SUM(sessions) FROM web_traffic WHERE ${wd('2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'conversion rate this year',
    expected: `SELECT SUM(conversions) * 1.0 / SUM(sessions) FROM web_traffic WHERE ${wd('2026-01-01', '2026-11-20')}`,
  },

  // Breakdowns.
  {
    phrase: 'revenue by country last month',
    expected: `SELECT o.country, ${REV} ${OI} WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')} GROUP BY 1`,
  },
  {
    phrase: 'sales by region this year',
    expected: `SELECT o.region, ${REV} ${OI} WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1`,
  },
  {
    phrase: 'revenue per channel in 2025',
    expected: `SELECT o.channel, ${REV} ${OI} WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')} GROUP BY 1`,
  },
  { phrase: 'revenue by category', expected: `SELECT p.category, ${REV} ${OIP} WHERE ${DONE} GROUP BY 1` },
  {
    phrase: 'revenue by brand last quarter',
    expected: `SELECT p.brand, ${REV} ${OIP} WHERE ${DONE} AND ${od('2026-07-01', '2026-09-30')} GROUP BY 1`,
  },
  {
    phrase: 'revenue by customer segment this year',
    expected: `SELECT c.segment, ${REV} ${OI} JOIN customers c ON c.customer_id = o.customer_id WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1`,
  },
  {
    phrase: 'orders by status last month',
    expected: `SELECT o.status, ${ORD} FROM orders o WHERE ${od('2026-10-01', '2026-10-31')} GROUP BY 1`,
  },
  {
    phrase: 'orders by channel yesterday',
    expected: `SELECT o.channel, ${ORD} FROM orders o WHERE ${DONE} AND ${od('2026-11-19', '2026-11-19')} GROUP BY 1`,
  },
  {
    phrase: 'customers by region in 2025',
    expected: `SELECT o.region, COUNT(DISTINCT o.customer_id) FROM orders o WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')} GROUP BY 1`,
  },
  {
    phrase: 'new customers by segment last year',
    expected: `SELECT segment, COUNT(*) FROM customers WHERE ${between('signup_date', '2025-01-01', '2025-12-31')} GROUP BY 1`,
  },
  {
    phrase: 'units sold by category last month',
    expected: `SELECT p.category, SUM(oi.quantity) ${OIP} WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')} GROUP BY 1`,
  },
  {
    phrase: 'sessions by device this month',
    expected: `SELECT device, SUM(sessions) FROM web_traffic WHERE ${wd('2026-11-01', '2026-11-20')} GROUP BY 1`,
  },
  {
    phrase: 'sessions by channel last week',
    expected: `SELECT channel, SUM(sessions) FROM web_traffic WHERE ${wd('2026-11-09', '2026-11-15')} GROUP BY 1`,
  },
  {
    phrase: 'bounce rate by device',
    expected: 'SELECT device, SUM(bounces) * 1.0 / SUM(sessions) FROM web_traffic GROUP BY 1',
  },
  {
    phrase: 'conversion rate per country last month',
    expected: `SELECT country, SUM(conversions) * 1.0 / SUM(sessions) FROM web_traffic WHERE ${wd('2026-10-01', '2026-10-31')} GROUP BY 1`,
  },
  {
    phrase: 'aov by channel this year',
    expected: `SELECT r.channel, r.rev * 1.0 / n.cnt FROM (SELECT o.channel, ${REV} AS rev ${OI} WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1) r JOIN (SELECT o.channel, ${ORD} AS cnt FROM orders o WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1) n USING (channel)`,
  },
  {
    phrase: 'revenue by region and channel last month',
    expected: `SELECT o.region, o.channel, ${REV} ${OI} WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')} GROUP BY 1, 2`,
  },
  {
    phrase: 'sessions by country and device yesterday',
    expected: `SELECT country, device, SUM(sessions) FROM web_traffic WHERE ${wd('2026-11-19', '2026-11-19')} GROUP BY 1, 2`,
  },
  {
    phrase: 'revenue and orders by region last month',
    expected: `SELECT r.region, r.rev, n.cnt FROM (SELECT o.region, ${REV} AS rev ${OI} WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')} GROUP BY 1) r JOIN (SELECT o.region, ${ORD} AS cnt FROM orders o WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')} GROUP BY 1) n USING (region)`,
  },
  {
    phrase: 'sessions and conversions by device last month',
    expected: `SELECT device, SUM(sessions), SUM(conversions) FROM web_traffic WHERE ${wd('2026-10-01', '2026-10-31')} GROUP BY 1`,
  },

  // Filters from values.
  {
    phrase: 'revenue in Germany last month',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND o.country = 'Germany' AND ${od('2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'orders from the US this year',
    expected: `SELECT ${ORD} FROM orders o WHERE ${DONE} AND o.country = 'United States' AND ${od('2026-01-01', '2026-11-20')}`,
  },
  {
    phrase: 'revenue in EMEA by country last quarter',
    expected: `SELECT o.country, ${REV} ${OI} WHERE ${DONE} AND o.region = 'EMEA' AND ${od('2026-07-01', '2026-09-30')} GROUP BY 1`,
  },
  {
    phrase: 'paid search revenue last month',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND o.channel = 'Paid Search' AND ${od('2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'mobile sessions yesterday',
    expected: `SELECT SUM(sessions) FROM web_traffic WHERE device = 'mobile' AND ${wd('2026-11-19', '2026-11-19')}`,
  },
  {
    phrase: 'electronics revenue in 2025',
    expected: `SELECT ${REV} ${OIP} WHERE ${DONE} AND p.category = 'Electronics' AND ${od('2025-01-01', '2025-12-31')}`,
  },
  {
    phrase: 'revenue from enterprise customers this year',
    expected: `SELECT ${REV} ${OI} JOIN customers c ON c.customer_id = o.customer_id WHERE ${DONE} AND c.segment = 'Enterprise' AND ${od('2026-01-01', '2026-11-20')}`,
  },
  {
    // Two values of one field are compared, one row each per month, never summed.
    phrase: 'revenue in Germany and France by month this year',
    expected: `SELECT o.country, date_trunc('month', o.order_date)::DATE, ${REV} ${OI} WHERE ${DONE} AND o.country IN ('Germany', 'France') AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1, 2`,
  },
  {
    phrase: 'revenue excluding EMEA last month',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND o.region <> 'EMEA' AND ${od('2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'sessions not on mobile last week',
    expected: `SELECT SUM(sessions) FROM web_traffic WHERE device <> 'mobile' AND ${wd('2026-11-09', '2026-11-15')}`,
  },
  {
    phrase: 'revenue by category except Electronics in 2025',
    expected: `SELECT p.category, ${REV} ${OIP} WHERE ${DONE} AND p.category <> 'Electronics' AND ${od('2025-01-01', '2025-12-31')} GROUP BY 1`,
  },
  {
    phrase: 'monthly orders other than Germany this year',
    expected: `SELECT date_trunc('month', o.order_date)::DATE, ${ORD} FROM orders o WHERE ${DONE} AND o.country <> 'Germany' AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'cancelled orders last month',
    expected: `SELECT ${ORD} FROM orders o WHERE o.status = 'cancelled' AND ${od('2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'email conversions in the UK last month',
    expected: `SELECT SUM(conversions) FROM web_traffic WHERE channel = 'Email' AND country = 'United Kingdom' AND ${wd('2026-10-01', '2026-10-31')}`,
  },
  {
    phrase: 'Acme revenue by category this year',
    expected: `SELECT p.category, ${REV} ${OIP} WHERE ${DONE} AND p.brand = 'Acme' AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1`,
  },

  // Time series.
  {
    phrase: 'revenue by month this year',
    expected: `SELECT date_trunc('month', o.order_date)::DATE, ${REV} ${OI} WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'monthly revenue in 2025',
    expected: `SELECT date_trunc('month', o.order_date)::DATE, ${REV} ${OI} WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'daily orders last 14 days',
    expected: `SELECT o.order_date, ${ORD} FROM orders o WHERE ${DONE} AND ${od('2026-11-06', '2026-11-19')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'weekly sessions last 8 weeks',
    expected: `SELECT date_trunc('week', date)::DATE, SUM(sessions) FROM web_traffic WHERE ${wd('2026-09-21', '2026-11-15')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'quarterly revenue last year',
    expected: `SELECT date_trunc('quarter', o.order_date)::DATE, ${REV} ${OI} WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'revenue per year',
    expected: `SELECT date_trunc('year', o.order_date)::DATE, ${REV} ${OI} WHERE ${DONE} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'orders trend last 3 months',
    expected: `SELECT date_trunc('week', o.order_date)::DATE, ${ORD} FROM orders o WHERE ${DONE} AND ${od('2026-08-01', '2026-10-31')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'new customers by month in 2025',
    expected: `SELECT date_trunc('month', signup_date)::DATE, COUNT(*) FROM customers WHERE ${between('signup_date', '2025-01-01', '2025-12-31')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'conversion rate by week this quarter',
    expected: `SELECT date_trunc('week', date)::DATE, SUM(conversions) * 1.0 / SUM(sessions) FROM web_traffic WHERE ${wd('2026-10-01', '2026-11-20')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },

  // Rankings.
  {
    phrase: 'top 5 products by revenue last month',
    expected: `SELECT p.name, ${REV} AS v ${OIP} WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 5`,
    ordered: true,
  },
  {
    phrase: 'top 3 countries by orders this year',
    expected: `SELECT o.country, ${ORD} AS v FROM orders o WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1 ORDER BY v DESC LIMIT 3`,
    ordered: true,
  },
  {
    phrase: 'bottom 3 categories by revenue in 2025',
    expected: `SELECT p.category, ${REV} AS v ${OIP} WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')} GROUP BY 1 ORDER BY v ASC LIMIT 3`,
    ordered: true,
  },
  {
    phrase: 'lowest 3 channels by orders in 2025',
    expected: `SELECT o.channel, ${ORD} AS v FROM orders o WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')} GROUP BY 1 ORDER BY v ASC LIMIT 3`,
    ordered: true,
  },
  {
    phrase: 'which country has the most revenue',
    expected: `SELECT o.country, ${REV} AS v ${OI} WHERE ${DONE} GROUP BY 1 ORDER BY v DESC LIMIT 1`,
    ordered: true,
  },
  {
    phrase: 'which channel had the fewest sessions last month',
    expected: `SELECT channel, SUM(sessions) AS v FROM web_traffic WHERE ${wd('2026-10-01', '2026-10-31')} GROUP BY 1 ORDER BY v ASC LIMIT 1`,
    ordered: true,
  },
  {
    phrase: 'best selling brand by units sold this year',
    expected: `SELECT p.brand, SUM(oi.quantity) AS v ${OIP} WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1 ORDER BY v DESC LIMIT 1`,
    ordered: true,
  },
  {
    phrase: 'top 10 products by gross margin',
    expected: `SELECT p.name, SUM(oi.quantity * (oi.unit_price - p.unit_cost) - oi.discount) AS v ${OIP} WHERE ${DONE} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 10`,
    ordered: true,
  },
  {
    phrase: 'countries with revenue over 100000 last year',
    expected: `SELECT o.country, ${REV} ${OI} WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')} GROUP BY 1 HAVING ${REV} > 100000`,
  },
  {
    phrase: 'products with more than 200 units sold in 2025',
    expected: `SELECT p.name, SUM(oi.quantity) ${OIP} WHERE ${DONE} AND ${od('2025-01-01', '2025-12-31')} GROUP BY 1 HAVING SUM(oi.quantity) > 200`,
  },
  {
    phrase: 'countries with a bounce rate above 45% last month',
    expected: `SELECT country, SUM(bounces) * 1.0 / SUM(sessions) FROM web_traffic WHERE ${wd('2026-10-01', '2026-10-31')} GROUP BY 1 HAVING SUM(bounces) * 1.0 / SUM(sessions) > 0.45`,
  },

  // Comparisons.
  {
    phrase: 'revenue last month vs previous month',
    expected: `SELECT ${REV} FILTER (WHERE ${od('2026-10-01', '2026-10-31')}), ${REV} FILTER (WHERE ${od('2026-09-01', '2026-09-30')}) ${OI} WHERE ${DONE}`,
  },
  {
    phrase: 'revenue this month compared to last year',
    expected: `SELECT ${REV} FILTER (WHERE ${od('2026-11-01', '2026-11-20')}), ${REV} FILTER (WHERE ${od('2025-11-01', '2025-11-20')}) ${OI} WHERE ${DONE}`,
  },
  {
    phrase: 'orders this year vs last year',
    expected: `SELECT ${ORD} FILTER (WHERE ${od('2026-01-01', '2026-11-20')}), ${ORD} FILTER (WHERE ${od('2025-01-01', '2025-11-20')}) FROM orders o WHERE ${DONE}`,
  },
  {
    phrase: 'sessions last week compared with the previous week',
    expected: `SELECT SUM(sessions) FILTER (WHERE ${wd('2026-11-09', '2026-11-15')}), SUM(sessions) FILTER (WHERE ${wd('2026-11-02', '2026-11-08')}) FROM web_traffic`,
  },
  {
    phrase: 'revenue by region last quarter vs previous period',
    expected: `SELECT o.region, ${REV} FILTER (WHERE ${od('2026-07-01', '2026-09-30')}), ${REV} FILTER (WHERE ${od('2026-04-01', '2026-06-30')}) ${OI} WHERE ${DONE} GROUP BY 1`,
  },
  {
    phrase: 'revenue 2025 vs 2024',
    expected: `SELECT ${REV} FILTER (WHERE ${od('2025-01-01', '2025-12-31')}), ${REV} FILTER (WHERE ${od('2024-01-01', '2024-12-31')}) ${OI} WHERE ${DONE}`,
  },
  {
    phrase: 'revenue last 30 days vs previous period',
    expected: `SELECT ${REV} FILTER (WHERE ${od('2026-10-21', '2026-11-19')}), ${REV} FILTER (WHERE ${od('2026-09-21', '2026-10-20')}) ${OI} WHERE ${DONE}`,
  },
  {
    phrase: 'monthly revenue in 2025 year over year',
    expected: `SELECT date_trunc('month', CASE WHEN o.order_date >= DATE '2025-01-01' THEN o.order_date ELSE o.order_date + INTERVAL 1 YEAR END)::DATE AS m, ${REV} FILTER (WHERE ${od('2025-01-01', '2025-12-31')}), ${REV} FILTER (WHERE ${od('2024-01-01', '2024-12-31')}) ${OI} WHERE ${DONE} AND ${od('2024-01-01', '2025-12-31')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },

  // Typos and casual phrasing.
  {
    phrase: 'revnue by contry last month',
    expected: `SELECT o.country, ${REV} ${OI} WHERE ${DONE} AND ${od('2026-10-01', '2026-10-31')} GROUP BY 1`,
  },
  {
    phrase: 'oders by chanel this year',
    expected: `SELECT o.channel, ${ORD} FROM orders o WHERE ${DONE} AND ${od('2026-01-01', '2026-11-20')} GROUP BY 1`,
  },
  {
    phrase: 'SHOW ME SESSIONS BY DEVICE',
    expected: 'SELECT device, SUM(sessions) FROM web_traffic GROUP BY 1',
  },
  {
    phrase: 'can you give me the number of pageviews per device type last month please',
    expected: `SELECT device, SUM(pageviews) FROM web_traffic WHERE ${wd('2026-10-01', '2026-10-31')} GROUP BY 1`,
  },
  {
    phrase: 'how did sales do in germany in q3 2026?',
    expected: `SELECT ${REV} ${OI} WHERE ${DONE} AND o.country = 'Germany' AND ${od('2026-07-01', '2026-09-30')}`,
  },

  // Clarifications instead of guesses.
  { phrase: 'sessions by region', expected: 'clarify' },
  { phrase: 'what is the weather in Paris', expected: 'clarify' },
  { phrase: 'revenue by flavour', expected: 'clarify' },
  { phrase: 'top 5 countries', expected: 'clarify' },
  { phrase: 'Germany', expected: 'clarify' },
  { phrase: "'; DROP TABLE orders; --", expected: 'clarify' },
  { phrase: 'rate', expected: 'clarify' },
];
