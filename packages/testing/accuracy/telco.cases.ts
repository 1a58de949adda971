/**
 * Accuracy set over the IBM Telco churn file (shapes 1 and 3, items 10 and 11 of
 * packages/testing/README.md): one row per customer, loaded as a user's upload
 * (fixtures/flat-files-fixture.ts). The file has no dates, so "today" is a fixed day and any period
 * must be asked back. Expected SQL is hand-written on the loaded table: customers are the DISTINCT
 * `customerID`s, `Churn` is a Yes/No column DuckDB reads as BOOLEAN, and `TotalCharges` is a DOUBLE
 * whose 11 blank cells (tenure 0) the loader reads as NULL.
 */
import { TELCO_TODAY } from '../fixtures/flat-files-fixture';
import type { TAccuracyCase } from './accuracy-runner';

const T = 'FROM telco_customer_churn';
const CUSTOMERS = 'COUNT(DISTINCT "customerID")';
const CHURNED = 'COUNT(DISTINCT "customerID") FILTER (WHERE "Churn")';
const CHURN_RATE = `AVG(CASE WHEN "Churn" THEN 1 ELSE 0 END)`;
const TOTAL_CHARGES = '"TotalCharges"';

export const TELCO_CONTEXT = { today: TELCO_TODAY, weekStart: 'monday' as const };

export const TELCO_CASES: TAccuracyCase[] = [
  // Shapes 1 and 3: customers are counted, never summed by their identifier (customerID).
  { phrase: 'how many customers', expected: `SELECT ${CUSTOMERS} ${T}` },
  {
    phrase: 'customers by contract',
    expected: `SELECT "Contract", ${CUSTOMERS} ${T} GROUP BY 1`,
  },
  {
    phrase: 'number of customers by internet service',
    expected: `SELECT "InternetService", ${CUSTOMERS} ${T} GROUP BY 1`,
  },
  {
    phrase: 'customers by gender',
    expected: `SELECT "gender", ${CUSTOMERS} ${T} GROUP BY 1`,
  },
  {
    phrase: 'customers by tenure',
    expected: `SELECT "tenure", ${CUSTOMERS} ${T} GROUP BY 1`,
  },
  {
    phrase: 'how many customers have a month-to-month contract',
    expected: `SELECT ${CUSTOMERS} ${T} WHERE "Contract" = 'Month-to-month'`,
  },
  // Churn: a Yes/No column, counted and as a rate.
  { phrase: 'how many customers churned', expected: `SELECT ${CHURNED} ${T}` },
  {
    phrase: 'churned customers by contract',
    expected: `SELECT "Contract", ${CHURNED} ${T} GROUP BY 1`,
  },
  {
    phrase: 'churned customers by payment method',
    expected: `SELECT "PaymentMethod", ${CHURNED} ${T} GROUP BY 1`,
  },
  { phrase: 'churn rate', expected: `SELECT ${CHURN_RATE} ${T}` },
  {
    phrase: 'churn rate by contract',
    expected: `SELECT "Contract", ${CHURN_RATE} ${T} GROUP BY 1`,
  },
  {
    phrase: 'churn rate by internet service',
    expected: `SELECT "InternetService", ${CHURN_RATE} ${T} GROUP BY 1`,
  },
  {
    phrase: 'churn rate by payment method',
    expected: `SELECT "PaymentMethod", ${CHURN_RATE} ${T} GROUP BY 1`,
  },
  {
    phrase: 'churned customers with fiber optic',
    expected: `SELECT ${CHURNED} ${T} WHERE "InternetService" = 'Fiber optic'`,
  },
  // Charges: MonthlyCharges is a number; TotalCharges too (the loader reads its blank cells as NULL).
  {
    phrase: 'average monthly charges',
    expected: `SELECT AVG("MonthlyCharges") ${T}`,
  },
  {
    phrase: 'average monthly charges by contract',
    expected: `SELECT "Contract", AVG("MonthlyCharges") ${T} GROUP BY 1`,
  },
  {
    phrase: 'total monthly charges by internet service',
    expected: `SELECT "InternetService", SUM("MonthlyCharges") ${T} GROUP BY 1`,
  },
  {
    phrase: 'average monthly charges per customer by payment method',
    expected: `SELECT "PaymentMethod", AVG("MonthlyCharges") ${T} GROUP BY 1`,
  },
  {
    phrase: 'monthly charges of churned customers',
    expected: `SELECT SUM("MonthlyCharges") ${T} WHERE "Churn"`,
  },
  { phrase: 'total charges', expected: `SELECT SUM(${TOTAL_CHARGES}) ${T}` },
  {
    phrase: 'total charges by contract',
    expected: `SELECT "Contract", SUM(${TOTAL_CHARGES}) ${T} GROUP BY 1`,
  },
  {
    phrase: 'top 5 customers by total charges',
    expected: `SELECT "customerID", ${TOTAL_CHARGES} AS v ${T} ORDER BY v DESC NULLS LAST LIMIT 5`,
    ordered: true,
  },
  // Tenure, in months.
  { phrase: 'average tenure', expected: `SELECT AVG("tenure") ${T}` },
  { phrase: 'average tenure by contract', expected: `SELECT "Contract", AVG("tenure") ${T} GROUP BY 1` },
  { phrase: 'median tenure', expected: `SELECT MEDIAN("tenure") ${T}` },
  {
    phrase: 'average tenure of churned customers',
    expected: `SELECT AVG("tenure") ${T} WHERE "Churn"`,
  },
  // Shares and flags (SeniorCitizen is a 0/1 flag: counted, not summed as a quantity).
  {
    phrase: 'share of customers with fiber optic',
    expected: `SELECT AVG(CASE WHEN "InternetService" = 'Fiber optic' THEN 1 ELSE 0 END) ${T}`,
  },
  { phrase: 'how many senior citizens', expected: `SELECT ${CUSTOMERS} ${T} WHERE "SeniorCitizen" = 1` },
  {
    phrase: 'churn rate of senior citizens',
    expected: `SELECT ${CHURN_RATE} ${T} WHERE "SeniorCitizen" = 1`,
  },
  {
    phrase: 'customers with paperless billing',
    expected: `SELECT ${CUSTOMERS} ${T} WHERE "PaperlessBilling"`,
  },
  // Questions the data cannot answer (no dates, no such things), or too vague: ask back.
  { phrase: 'churn last month', expected: 'clarify' },
  { phrase: 'revenue by weather', expected: 'clarify' },
  { phrase: 'show me the numbers', expected: 'clarify' },
  { phrase: 'how many elephants are there', expected: 'clarify' },
  { phrase: 'number of employees', expected: 'clarify' },
  { phrase: 'customers by store', expected: 'clarify' },
];
