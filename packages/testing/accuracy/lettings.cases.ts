/**
 * Accuracy set over a lettings business of our own (lettings.fixture.ts, shape 5): leases
 * linked to parties through lease_parties with a role code described by party_roles (Tenant,
 * Landlord, Agent, Guarantor). "By tenant" groups a lease's amounts by the party who is its tenant
 * (a lease with two tenants counts for each, as the join does); a party is named by full_name
 * (every name distinct). Rent is the leases' monthly rent (rent), dated by start_date; payments are
 * payments.amount, dated by paid_on. Today = 2025-06-30, weeks start Monday.
 */

import type { TAccuracyCase } from './accuracy-runner';
import { LETTINGS_TODAY } from './lettings.fixture';

const L = 'FROM leases l';
const role = (name: string) =>
  `${L} JOIN lease_parties lp ON lp.lease_id = l.lease_id JOIN party_roles r ON r.role_code = lp.role_code JOIN parties p ON p.party_id = lp.party_id WHERE r.role_name = '${name}'`;
const payRole = (name: string) =>
  `FROM payments rp JOIN leases l ON l.lease_id = rp.lease_id JOIN lease_parties lp ON lp.lease_id = l.lease_id JOIN party_roles r ON r.role_code = lp.role_code JOIN parties p ON p.party_id = lp.party_id WHERE r.role_name = '${name}'`;
const started = (a: string, b: string) => `l.start_date BETWEEN DATE '${a}' AND DATE '${b}'`;
const paid = (a: string, b: string) => `rp.paid_on BETWEEN DATE '${a}' AND DATE '${b}'`;
const LP = `${L} JOIN properties pr ON pr.property_id = l.property_id`;
const Y2024 = ['2024-01-01', '2024-12-31'] as const;

export const LETTINGS_CONTEXT = { today: LETTINGS_TODAY, weekStart: 'monday' as const };

export const LETTINGS_CASES: TAccuracyCase[] = [
  // The leases and their rent.
  { phrase: 'total rent', expected: `SELECT SUM(l.rent) ${L}` },
  { phrase: 'number of leases', expected: `SELECT COUNT(*) ${L}` },
  { phrase: 'leases started last year', expected: `SELECT COUNT(*) ${L} WHERE ${started(...Y2024)}` },
  { phrase: 'average deposit', expected: `SELECT AVG(l.deposit) ${L}` },
  { phrase: 'rent by property type', expected: `SELECT pr.property_type, SUM(l.rent) ${LP} GROUP BY 1` },
  { phrase: 'number of leases by town', expected: `SELECT pr.town, COUNT(*) ${LP} GROUP BY 1` },
  { phrase: 'rent in Durham', expected: `SELECT SUM(l.rent) ${LP} WHERE pr.town = 'Durham'` },
  // One dimension per role of the link table (shape 5).
  { phrase: 'rent by tenant', expected: `SELECT p.full_name, SUM(l.rent) ${role('Tenant')} GROUP BY 1` },
  { phrase: 'leases by agent', expected: `SELECT p.full_name, COUNT(*) ${role('Agent')} GROUP BY 1` },
  {
    phrase: 'number of leases by landlord',
    expected: `SELECT p.full_name, COUNT(*) ${role('Landlord')} GROUP BY 1`,
  },
  {
    phrase: 'deposit by guarantor',
    expected: `SELECT p.full_name, SUM(l.deposit) ${role('Guarantor')} GROUP BY 1`,
  },
  {
    phrase: 'average deposit by agent',
    expected: `SELECT p.full_name, AVG(l.deposit) ${role('Agent')} GROUP BY 1`,
  },
  {
    phrase: 'rent by agent in 2024',
    expected: `SELECT p.full_name, SUM(l.rent) ${role('Agent')} AND ${started(...Y2024)} GROUP BY 1`,
  },
  {
    phrase: 'top 5 landlords by rent',
    expected: `SELECT p.full_name, SUM(l.rent) AS v ${role('Landlord')} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 5`,
    ordered: true,
  },
  {
    phrase: 'top 3 agents by number of leases',
    expected: `SELECT p.full_name, COUNT(*) AS v ${role('Agent')} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 3`,
    ordered: true,
  },
  {
    phrase: 'payment amount by tenant last year',
    expected: `SELECT p.full_name, SUM(rp.amount) ${payRole('Tenant')} AND ${paid(...Y2024)} GROUP BY 1`,
  },
  {
    phrase: 'payment amount by agent',
    expected: `SELECT p.full_name, SUM(rp.amount) ${payRole('Agent')} GROUP BY 1`,
  },
  {
    phrase: 'number of leases by party role',
    expected: `SELECT r.role_name, COUNT(DISTINCT l.lease_id) ${L} JOIN lease_parties lp ON lp.lease_id = l.lease_id JOIN party_roles r ON r.role_code = lp.role_code GROUP BY 1`,
  },
  {
    phrase: 'rent by tenant and agent',
    expected: `SELECT t.full_name, a.full_name, SUM(l.rent) ${L}
      JOIN lease_parties lt ON lt.lease_id = l.lease_id AND lt.role_code = 'TEN' JOIN parties t ON t.party_id = lt.party_id
      JOIN lease_parties la ON la.lease_id = l.lease_id AND la.role_code = 'AGT' JOIN parties a ON a.party_id = la.party_id
      GROUP BY 1, 2`,
    knownFailure:
      'two roles of one link table in one question: the compiler joins each table once, so it refuses in words ("Tenant and Agent cannot be read together") rather than join the link table twice',
  },
  // Payments and parties.
  {
    phrase: 'total payment amount last month',
    expected: `SELECT SUM(rp.amount) FROM payments rp WHERE ${paid('2025-05-01', '2025-05-31')}`,
  },
  {
    phrase: 'payment amount by month in 2024',
    expected: `SELECT CAST(date_trunc('month', rp.paid_on) AS DATE), SUM(rp.amount) FROM payments rp WHERE ${paid(...Y2024)} GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    phrase: 'payment amount by property type last year',
    expected: `SELECT pr.property_type, SUM(rp.amount) FROM payments rp JOIN leases l ON l.lease_id = rp.lease_id JOIN properties pr ON pr.property_id = l.property_id WHERE ${paid(...Y2024)} GROUP BY 1`,
  },
  // Shape 4: late fees are the payments a late_fees row marks — their amount, not the marker rows.
  {
    phrase: 'total late fees',
    expected: `SELECT SUM(rp.amount) FROM payments rp WHERE EXISTS (SELECT 1 FROM late_fees f WHERE f.payment_id = rp.payment_id)`,
  },
  {
    phrase: 'late fees last year',
    expected: `SELECT SUM(rp.amount) FROM payments rp WHERE ${paid(...Y2024)} AND rp.payment_id IN (SELECT payment_id FROM late_fees)`,
  },
  {
    phrase: 'late fee amount by town in 2024',
    expected: `SELECT pr.town, SUM(rp.amount) FROM payments rp JOIN leases l ON l.lease_id = rp.lease_id JOIN properties pr ON pr.property_id = l.property_id WHERE ${paid(...Y2024)} AND rp.payment_id IN (SELECT payment_id FROM late_fees) GROUP BY 1`,
  },
  { phrase: 'number of late fees', expected: 'SELECT COUNT(*) FROM late_fees' },
  { phrase: 'how many parties', expected: 'SELECT COUNT(*) FROM parties' },
  { phrase: 'number of properties by town', expected: 'SELECT town, COUNT(*) FROM properties GROUP BY 1' },
  // Not in the data, vague or nonsense: ask back.
  { phrase: 'rent by broker', expected: 'clarify' },
  // York is both a town of the properties and a home city of the parties.
  { phrase: 'rent in York', expected: 'clarify' },
  { phrase: 'number of payments', expected: 'SELECT COUNT(*) FROM payments' },
  { phrase: 'commission by agent', expected: 'clarify' },
  { phrase: 'tenant satisfaction by town', expected: 'clarify' },
  { phrase: 'revenue by weather', expected: 'clarify' },
  { phrase: 'show me the thing', expected: 'clarify' },
  { phrase: 'how many elephants did we feed last week', expected: 'clarify' },
];
