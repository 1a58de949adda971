/**
 * Accuracy set over Pagila in PostgreSQL (testing/pagila-fixture.ts), whose model is generated
 * by introspection through the PostgreSQL connector. Today = 2022-08-24 (the day after the last
 * rental), weeks start Monday. Expected SQL is hand-written against the raw tables; revenue is
 * the payments' amount, and a film's categories come through film_category (a film may have
 * several, and then counts in each, as in Pagila's own sales_by_film_category view).
 */
import { PAGILA_TODAY } from '../fixtures/pagila-fixture';
import type { TAccuracyCase } from './accuracy-runner';

const AMT = 'SUM(p.amount)';
const PAY = 'FROM payment p';
const PF = `${PAY} JOIN rental r ON r.rental_id = p.rental_id JOIN inventory i ON i.inventory_id = r.inventory_id JOIN film f ON f.film_id = i.film_id`;
const PFC = `${PF} JOIN film_category fc ON fc.film_id = f.film_id JOIN category c ON c.category_id = fc.category_id`;
const PC = `${PAY} JOIN customer cu ON cu.customer_id = p.customer_id`;
const PCO = `${PC} JOIN address a ON a.address_id = cu.address_id JOIN city ci ON ci.city_id = a.city_id JOIN country co ON co.country_id = ci.country_id`;
const RF =
  'FROM rental r JOIN inventory i ON i.inventory_id = r.inventory_id JOIN film f ON f.film_id = i.film_id';
const RFC = `${RF} JOIN film_category fc ON fc.film_id = f.film_id JOIN category c ON c.category_id = fc.category_id`;
const FC =
  'FROM film f JOIN film_category fc ON fc.film_id = f.film_id JOIN category c ON c.category_id = fc.category_id';
const paid = (a: string, b: string) => `CAST(p.payment_date AS DATE) BETWEEN DATE '${a}' AND DATE '${b}'`;
const rented = (a: string, b: string) => `CAST(r.rental_date AS DATE) BETWEEN DATE '${a}' AND DATE '${b}'`;
const JULY = ['2022-07-01', '2022-07-31'] as const;
const Q2 = ['2022-04-01', '2022-06-30'] as const;
const month = (column: string) => `CAST(date_trunc('month', ${column}) AS DATE)`;

export const PAGILA_CONTEXT = { today: PAGILA_TODAY, weekStart: 'monday' as const };

export const PAGILA_CASES: TAccuracyCase[] = [
  { phrase: 'total revenue', expected: `SELECT ${AMT} ${PAY}` },
  { phrase: 'revenue last month', expected: `SELECT ${AMT} ${PAY} WHERE ${paid(...JULY)}` },
  {
    phrase: 'sales in March 2022',
    expected: `SELECT ${AMT} ${PAY} WHERE ${paid('2022-03-01', '2022-03-31')}`,
  },
  { phrase: 'revenue by film category', expected: `SELECT c.name, ${AMT} ${PFC} GROUP BY 1` },
  {
    phrase: 'revenue by category last quarter',
    expected: `SELECT c.name, ${AMT} ${PFC} WHERE ${paid(...Q2)} GROUP BY 1`,
  },
  {
    phrase: 'which category brings the most revenue',
    expected: `SELECT c.name, ${AMT} AS v ${PFC} GROUP BY 1 ORDER BY v DESC LIMIT 1`,
    ordered: true,
  },
  {
    phrase: 'top 5 films by revenue',
    expected: `SELECT f.title, ${AMT} AS v ${PF} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 5`,
    ordered: true,
  },
  {
    phrase: 'top 10 customers by revenue',
    expected: `SELECT cu.last_name, ${AMT} AS v ${PC} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 10`,
    ordered: true,
  },
  { phrase: 'revenue by country', expected: `SELECT co.country, ${AMT} ${PCO} GROUP BY 1` },
  {
    phrase: 'top 5 countries by revenue in 2022',
    expected: `SELECT co.country, ${AMT} AS v ${PCO} WHERE ${paid('2022-01-01', '2022-08-24')} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 5`,
    ordered: true,
  },
  {
    phrase: 'top 5 cities by revenue',
    expected: `SELECT ci.city, ${AMT} AS v ${PCO} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 5`,
    ordered: true,
  },
  {
    phrase: 'monthly revenue',
    expected: `SELECT ${month('CAST(p.payment_date AS DATE)')}, ${AMT} ${PAY} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'weekly revenue last month',
    expected: `SELECT CAST(date_trunc('week', CAST(p.payment_date AS DATE)) AS DATE), ${AMT} ${PAY} WHERE ${paid(...JULY)} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  { phrase: 'revenue by rating', expected: `SELECT f.rating::text, ${AMT} ${PF} GROUP BY 1` },
  {
    phrase: 'revenue from PG-13 films last quarter',
    expected: `SELECT ${AMT} ${PF} WHERE f.rating = 'PG-13' AND ${paid(...Q2)}`,
  },
  {
    phrase: 'revenue from Action films by month',
    expected: `SELECT ${month('CAST(p.payment_date AS DATE)')}, ${AMT} ${PFC} WHERE c.name = 'Action' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'revenue last quarter vs previous quarter',
    expected: `SELECT ${AMT} FILTER (WHERE ${paid(...Q2)}) AS cur, ${AMT} FILTER (WHERE ${paid('2022-01-01', '2022-03-31')}) AS prev ${PAY}`,
  },
  {
    phrase: 'revenue by category in June 2022 vs previous period',
    expected: `SELECT c.name, ${AMT} FILTER (WHERE ${paid('2022-06-01', '2022-06-30')}) AS cur, ${AMT} FILTER (WHERE ${paid('2022-05-01', '2022-05-31')}) AS prev ${PFC} GROUP BY 1`,
  },
  {
    phrase: 'customers with revenue over 180',
    expected: `SELECT cu.last_name, ${AMT} ${PC} GROUP BY 1 HAVING ${AMT} > 180`,
  },
  { phrase: 'average payment amount', expected: `SELECT AVG(p.amount) ${PAY}` },
  { phrase: 'average payment by country', expected: `SELECT co.country, AVG(p.amount) ${PCO} GROUP BY 1` },
  { phrase: 'number of payments in July 2022', expected: `SELECT COUNT(*) ${PAY} WHERE ${paid(...JULY)}` },
  {
    phrase: 'payments by month',
    expected: `SELECT ${month('CAST(p.payment_date AS DATE)')}, COUNT(*) ${PAY} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'how many rentals last month',
    expected: `SELECT COUNT(*) FROM rental r WHERE ${rented(...JULY)}`,
  },
  {
    phrase: 'rentals by category',
    expected: `SELECT c.name, COUNT(DISTINCT r.rental_id) ${RFC} GROUP BY 1`,
  },
  {
    phrase: 'rentals by month in 2022',
    expected: `SELECT ${month('CAST(r.rental_date AS DATE)')}, COUNT(*) FROM rental r WHERE ${rented('2022-01-01', '2022-08-24')} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'top 10 films by rentals',
    expected: `SELECT f.title, COUNT(*) AS v ${RF} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 10`,
    ordered: true,
  },
  {
    phrase: 'rentals returned last month',
    expected:
      "SELECT COUNT(*) FROM rental WHERE CAST(return_date AS DATE) BETWEEN DATE '2022-07-01' AND DATE '2022-07-31'",
  },
  { phrase: 'how many customers', expected: 'SELECT COUNT(*) FROM customer' },
  {
    phrase: 'customers by country',
    expected:
      'SELECT co.country, COUNT(*) FROM customer cu JOIN address a ON a.address_id = cu.address_id JOIN city ci ON ci.city_id = a.city_id JOIN country co ON co.country_id = ci.country_id GROUP BY 1',
  },
  {
    phrase: 'number of films by category',
    expected: `SELECT c.name, COUNT(DISTINCT f.film_id) ${FC} GROUP BY 1`,
  },
  { phrase: 'films by rating', expected: 'SELECT rating::text, COUNT(*) FROM film GROUP BY 1' },
  {
    phrase: 'films by language',
    expected:
      'SELECT l.name, COUNT(*) FROM film f JOIN language l ON l.language_id = f.language_id GROUP BY 1',
  },
  { phrase: 'average film length by category', expected: `SELECT c.name, AVG(f.length) ${FC} GROUP BY 1` },
  {
    phrase: 'average rental rate by rating',
    expected: 'SELECT rating::text, AVG(rental_rate) FROM film GROUP BY 1',
  },
  { phrase: 'average rental duration', expected: 'SELECT AVG(rental_duration) FROM film' },
  {
    phrase: 'total replacement cost by category',
    expected: `SELECT c.name, SUM(f.replacement_cost) ${FC} GROUP BY 1`,
  },
  { phrase: 'number of actors', expected: 'SELECT COUNT(*) FROM actor' },
  {
    phrase: 'top 5 films by length',
    expected: 'SELECT title, AVG(length) AS v FROM film GROUP BY 1 ORDER BY v DESC, 1 LIMIT 5',
    ordered: true,
  },
  {
    phrase: 'payments by category in July 2022',
    expected: `SELECT c.name, COUNT(*) ${PFC} WHERE ${paid(...JULY)} GROUP BY 1`,
  },
  {
    phrase: 'how many films are in each language',
    expected:
      'SELECT l.name, COUNT(*) FROM film f JOIN language l ON l.language_id = f.language_id GROUP BY 1',
  },
  {
    phrase: 'rental count by month',
    expected: `SELECT ${month('CAST(r.rental_date AS DATE)')}, COUNT(*) FROM rental r GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'revenue from English films last month',
    expected: `SELECT ${AMT} ${PF} JOIN language l ON l.language_id = f.language_id WHERE l.name = 'English' AND ${paid(...JULY)}`,
  },
  {
    phrase: 'top 10 cities by customers',
    expected:
      'SELECT ci.city, COUNT(*) AS v FROM customer cu JOIN address a ON a.address_id = cu.address_id JOIN city ci ON ci.city_id = a.city_id GROUP BY 1 ORDER BY v DESC, 1 LIMIT 10',
    ordered: true,
    knownFailure:
      '"by customers" is read as a breakdown, as in "products by supplier", so nothing is left to measure; "top 10 cities by number of customers" works',
  },
  {
    phrase: 'top 10 cities by number of customers',
    expected:
      'SELECT ci.city, COUNT(*) AS v FROM customer cu JOIN address a ON a.address_id = cu.address_id JOIN city ci ON ci.city_id = a.city_id GROUP BY 1 ORDER BY v DESC, 1 LIMIT 10',
    ordered: true,
  },
  {
    phrase: 'how many films in the Comedy category',
    expected: `SELECT COUNT(DISTINCT f.film_id) ${FC} WHERE c.name = 'Comedy'`,
  },
  {
    phrase: 'top 3 categories by number of rentals last quarter',
    expected: `SELECT c.name, COUNT(DISTINCT r.rental_id) AS v ${RFC} WHERE ${rented(...Q2)} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 3`,
    ordered: true,
  },
  { phrase: 'rentals by rating', expected: `SELECT f.rating::text, COUNT(*) ${RF} GROUP BY 1` },
  {
    phrase: 'revenue excluding Action films last month',
    expected: `SELECT ${AMT} ${PF} WHERE ${paid(...JULY)} AND f.film_id NOT IN (SELECT film_id FROM film_category fc JOIN category c ON c.category_id = fc.category_id WHERE c.name = 'Action')`,
  },
  {
    phrase: 'monthly revenue by category in 2022',
    expected: `SELECT c.name, ${month('CAST(p.payment_date AS DATE)')}, ${AMT} ${PFC} WHERE ${paid('2022-01-01', '2022-08-24')} GROUP BY 1, 2 ORDER BY 2`,
  },
  {
    phrase: 'average replacement cost by rating',
    expected: 'SELECT rating::text, AVG(replacement_cost) FROM film GROUP BY 1',
  },
  {
    phrase: 'rentals by country last month',
    expected: `SELECT co.country, COUNT(*) FROM rental r JOIN customer cu ON cu.customer_id = r.customer_id JOIN address a ON a.address_id = cu.address_id JOIN city ci ON ci.city_id = a.city_id JOIN country co ON co.country_id = ci.country_id WHERE ${rented(...JULY)} GROUP BY 1`,
  },
  {
    phrase: 'revenue in Canada',
    expected: `SELECT ${AMT} ${PCO} WHERE co.country = 'Canada'`,
    knownFailure:
      'country has 109 values, more than the 60 the connector samples, so "Canada" is not in the value index',
  },
  {
    phrase: 'top 5 actors by number of films',
    // Actors are named by first and last name; grouped by actor_id too, as two are called Susan Davis.
    expected:
      "SELECT a.first_name || ' ' || a.last_name, COUNT(*) AS v FROM actor a JOIN film_actor fa ON fa.actor_id = a.actor_id GROUP BY a.actor_id, 1 ORDER BY v DESC, 1 LIMIT 5",
  },
  { phrase: 'revenue by favourite colour', expected: 'clarify' },
  // Change between periods on PostgreSQL: the categories whose revenue fell from June to July 2022.
  {
    phrase: 'which categories had less revenue in July 2022 than in June 2022',
    expected: `SELECT name, cur, prev FROM (SELECT c.name, COALESCE(SUM(p.amount) FILTER (WHERE ${paid(...JULY)}), 0) AS cur, COALESCE(SUM(p.amount) FILTER (WHERE ${paid('2022-06-01', '2022-06-30')}), 0) AS prev ${PFC} GROUP BY 1) t WHERE cur < prev ORDER BY cur - prev, cur DESC, name`,
    ordered: true,
  },
];
