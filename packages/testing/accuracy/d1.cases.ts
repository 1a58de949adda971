/**
 * Accuracy set over Northwind served by the Cloudflare D1 stand-in (SQLite, dates as ISO text,
 * no declared keys): the Northwind phrases of northwind.cases.ts with hand-written SQLite, plus
 * numeric filters, whose bound numbers reach D1 as text. Today = 1998-05-07, weeks start Monday.
 */
import { NORTHWIND_TODAY } from '../fixtures/northwind-fixture';
import type { TAccuracyCase } from './accuracy-runner';

const REV = 'SUM(od.unit_price * od.quantity * (1 - od.discount))';
const OD = 'FROM order_details od JOIN orders o ON o.order_id = od.order_id';
const ODC = `${OD} JOIN customers c ON c.customer_id = o.customer_id`;
const ODP = `${OD} JOIN products p ON p.product_id = od.product_id`;
const ODPC = `${ODP} JOIN categories k ON k.category_id = p.category_id`;
const on = (a: string, b: string) => `o.order_date BETWEEN '${a}' AND '${b}'`;
const Y1997 = ['1997-01-01', '1997-12-31'] as const;
const Y1998 = ['1998-01-01', '1998-05-07'] as const;
const LAST_MONTH = ['1998-04-01', '1998-04-30'] as const;

export const D1_CONTEXT = { today: NORTHWIND_TODAY, weekStart: 'monday' as const };

export const D1_CASES: TAccuracyCase[] = [
  { phrase: 'total revenue', expected: `SELECT ${REV} FROM order_details od` },
  { phrase: 'revenue in 1997', expected: `SELECT ${REV} ${OD} WHERE ${on(...Y1997)}` },
  { phrase: 'sales last month', expected: `SELECT ${REV} ${OD} WHERE ${on(...LAST_MONTH)}` },
  { phrase: 'revenue by category', expected: `SELECT k.category_name, ${REV} ${ODPC} GROUP BY 1` },
  { phrase: 'revenue by country', expected: `SELECT c.country, ${REV} ${ODC} GROUP BY 1` },
  {
    phrase: 'revenue in Germany last year',
    expected: `SELECT ${REV} ${ODC} WHERE c.country = 'Germany' AND ${on(...Y1997)}`,
  },
  {
    phrase: 'top 5 products by revenue',
    expected: `SELECT p.product_name, ${REV} AS v ${ODP} GROUP BY 1 ORDER BY v DESC LIMIT 5`,
    ordered: true,
  },
  {
    phrase: 'monthly revenue in 1997',
    expected: `SELECT date(o.order_date, 'start of month'), ${REV} ${OD} WHERE ${on(...Y1997)} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'quarterly sales in 1997',
    expected: `SELECT date(o.order_date, 'start of month', '-' || ((CAST(strftime('%m', o.order_date) AS INTEGER) - 1) % 3) || ' months'), ${REV} ${OD} WHERE ${on(...Y1997)} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'revenue this year vs last year',
    expected: `SELECT SUM(CASE WHEN ${on(...Y1998)} THEN od.unit_price * od.quantity * (1 - od.discount) END) AS cur, SUM(CASE WHEN ${on('1997-01-01', '1997-05-07')} THEN od.unit_price * od.quantity * (1 - od.discount) END) AS prev ${OD}`,
  },
  { phrase: 'how many orders in 1997', expected: `SELECT COUNT(*) FROM orders o WHERE ${on(...Y1997)}` },
  {
    phrase: 'orders by country',
    expected:
      'SELECT c.country, COUNT(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id GROUP BY 1',
  },
  { phrase: 'total freight in 1997', expected: `SELECT SUM(o.freight) FROM orders o WHERE ${on(...Y1997)}` },
  {
    phrase: 'average freight by country',
    expected:
      'SELECT c.country, AVG(o.freight) FROM orders o JOIN customers c ON c.customer_id = o.customer_id GROUP BY 1',
  },
  {
    phrase: 'revenue by country over 50000',
    expected: `SELECT c.country, ${REV} AS v ${ODC} GROUP BY 1 HAVING v > 50000`,
  },
  {
    phrase: 'top 3 products by quantity last month',
    expected: `SELECT p.product_name, SUM(od.quantity) AS v ${ODP} WHERE ${on(...LAST_MONTH)} GROUP BY 1 ORDER BY v DESC LIMIT 3`,
    ordered: true,
  },
  // Change between periods on SQLite: the groups whose revenue grew between two years, largest rise first.
  {
    phrase: 'which countries had more revenue in 1997 than in 1996',
    expected: `SELECT country, cur, prev FROM (SELECT c.country, COALESCE(SUM(CASE WHEN ${on(...Y1997)} THEN od.unit_price * od.quantity * (1 - od.discount) END), 0) AS cur, COALESCE(SUM(CASE WHEN ${on('1996-01-01', '1996-12-31')} THEN od.unit_price * od.quantity * (1 - od.discount) END), 0) AS prev ${ODC} GROUP BY 1) t WHERE cur > prev ORDER BY cur - prev DESC, cur DESC, country`,
    ordered: true,
  },
];
