/**
 * Introspection of a large schema: a PostgreSQL database of TABLES tables (default 300) shaped like
 * a real one — entity tables with names, codes and dates, fact tables with amounts, quantities,
 * statuses and foreign keys to two or three entities, link tables with composite keys — each
 * with ROWS rows, ANALYZEd. Times PostgresConnector.introspect() (catalogue, keys, row estimates,
 * the values of low-cardinality text columns) and generateModel() on its result, against the
 * baseline any tool pays: the same two catalogue statements through a bare `pg` client.
 * Goal: the whole under 10 s. Run: node --import tsx bench/introspect.bench.ts
 * (TABLES=300 ROWS=200 RUNS=5; PostgreSQL: TEST_DATABASE_URL, required)
 */
import { PostgresConnector } from '@parley/connectors';
import { generateModel } from '@parley/engine';
import pg from 'pg';
import { createThrowawayDatabase } from './lib/postgres';
import { median, today, writeSection } from './lib/results';

const TABLES = Number(process.env.TABLES ?? 300);
const ROWS = Number(process.env.ROWS ?? 200);
const RUNS = Number(process.env.RUNS ?? 5);
const ENTITIES = Math.max(2, Math.round(TABLES / 10));
const LINKS = Math.round(TABLES / 10);
const FACTS = TABLES - ENTITIES - LINKS;

/** The schema's statements: entities first, then facts and links that point at them. */
function schemaStatements(): string[] {
  const out: string[] = [];
  for (let e = 0; e < ENTITIES; e++) {
    out.push(
      `CREATE TABLE entity_${e} (entity_${e}_id serial PRIMARY KEY, name text NOT NULL, code text, category text, created_at date)`,
      `INSERT INTO entity_${e} (name, code, category, created_at)
         SELECT 'Entity ${e} #' || i, 'E${e}-' || i, (ARRAY['alpha','beta','gamma','delta'])[1 + i % 4],
                DATE '2024-01-01' + (i % 700)
         FROM generate_series(1, ${ROWS}) i`,
    );
  }
  for (let f = 0; f < FACTS; f++) {
    const refs = [f % ENTITIES, (f * 7 + 3) % ENTITIES, (f * 13 + 5) % ENTITIES].slice(0, 2 + (f % 2));
    const unique = [...new Set(refs)];
    const fks = unique.map((e) => `entity_${e}_id integer REFERENCES entity_${e}`).join(', ');
    out.push(
      `CREATE TABLE fact_${f} (fact_${f}_id serial PRIMARY KEY, ${fks}, amount numeric(12,2), quantity integer,
         unit_price numeric(10,2), status text, channel text, ordered_at timestamp, shipped_at timestamp,
         reference_no text)`,
      `INSERT INTO fact_${f} (${unique.map((e) => `entity_${e}_id`).join(', ')}, amount, quantity, unit_price,
         status, channel, ordered_at, shipped_at, reference_no)
         SELECT ${unique.map(() => `1 + i % ${ROWS}`).join(', ')}, (i * 37 % 1000) / 3.0, 1 + i % 9,
                (i * 11 % 500) / 7.0, (ARRAY['open','paid','shipped','cancelled'])[1 + i % 4],
                (ARRAY['web','store','phone'])[1 + i % 3], TIMESTAMP '2024-01-01' + i * INTERVAL '5 hours',
                TIMESTAMP '2024-01-02' + i * INTERVAL '5 hours', 'R-' || i
         FROM generate_series(1, ${ROWS}) i`,
    );
  }
  for (let l = 0; l < LINKS; l++) {
    const a = l % ENTITIES;
    const b = (l + 1) % ENTITIES;
    out.push(
      `CREATE TABLE link_${l} (entity_${a}_id integer REFERENCES entity_${a}, entity_${b}_id integer REFERENCES entity_${b},
         role text, valid_from date, valid_to date, PRIMARY KEY (entity_${a}_id, entity_${b}_id, role))`,
      `INSERT INTO link_${l} SELECT 1 + i % ${ROWS}, 1 + (i * 3) % ${ROWS}, (ARRAY['owner','agent','viewer'])[1 + i % 3],
         DATE '2023-01-01' + i, DATE '2025-01-01' + i FROM generate_series(1, ${ROWS}) i`,
    );
  }
  out.push('ANALYZE');
  return out;
}

/** The catalogue statements PostgresConnector reads, through a bare client: what any tool pays. */
async function readCatalogue(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  await client.query(
    `SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_class c
     JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE n.nspname = current_schema() AND c.relkind IN ('r','p','v','m','f') ORDER BY c.relname, a.attnum`,
  );
  await client.query(
    `SELECT c.relname, k.contype, k.conkey, k.confkey FROM pg_catalog.pg_constraint k
     JOIN pg_catalog.pg_class c ON c.oid = k.conrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND k.contype IN ('p','f')`,
  );
  const ms = performance.now() - started;
  await client.end();
  return ms;
}

const database = await createThrowawayDatabase('introspect');
const { name, url, config } = database;
try {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  for (const statement of schemaStatements()) await setup.query(statement);
  await setup.end();

  const introspectMs: number[] = [];
  const generateMs: number[] = [];
  const catalogueMs: number[] = [];
  let summary = '';
  for (let run = 0; run < RUNS; run++) {
    catalogueMs.push(await readCatalogue(url));
    const connector = new PostgresConnector(config, { account: 'public', allowPrivateHosts: true });
    let started = performance.now();
    const introspection = await connector.introspect();
    introspectMs.push(performance.now() - started);
    started = performance.now();
    const model = generateModel(introspection, name);
    generateMs.push(performance.now() - started);
    await connector.close();
    summary = `${introspection.tables.length} tables, ${model.measures.length} measures, ${model.dimensions.length} dimensions, ${model.timeDimensions.length} time dimensions`;
    console.log(
      `run ${run + 1}: introspect ${introspectMs.at(-1)!.toFixed(0)} ms, generateModel ${generateMs.at(-1)!.toFixed(0)} ms, catalogue ${catalogueMs.at(-1)!.toFixed(0)} ms`,
    );
  }
  const total = median(introspectMs.map((ms, i) => ms + generateMs[i]!));
  const body = `Command: \`TABLES=${TABLES} ROWS=${ROWS} RUNS=${RUNS} node --import tsx bench/introspect.bench.ts\`, ${today()}; PostgreSQL on this machine (TEST_DATABASE_URL).
A generated schema of ${TABLES} tables (${ENTITIES} entities with name, code, category and a date; ${FACTS} fact tables with amounts, quantities, statuses, two timestamps and foreign keys to two or three entities; ${LINKS} link tables with composite keys, a role and a validity period), ${ROWS} rows each, ANALYZEd. Model: ${summary}. Medians of ${RUNS} runs, a fresh connector each.

| step | median (ms) | range (ms) |
| --- | --- | --- |
| PostgresConnector.introspect() (catalogue, keys, estimates, text values) | ${median(introspectMs).toFixed(0)} | ${Math.min(...introspectMs).toFixed(0)}–${Math.max(...introspectMs).toFixed(0)} |
| generateModel() | ${median(generateMs).toFixed(0)} | ${Math.min(...generateMs).toFixed(0)}–${Math.max(...generateMs).toFixed(0)} |
| baseline: the two catalogue statements through a bare pg client | ${median(catalogueMs).toFixed(0)} | ${Math.min(...catalogueMs).toFixed(0)}–${Math.max(...catalogueMs).toFixed(0)} |

Introspection and model together: **${(total / 1000).toFixed(2)} s** (goal < 10 s — **${total < 10_000 ? 'met' : 'not met'}**); ${(median(introspectMs) / median(catalogueMs)).toFixed(1)} × the bare catalogue read (the rest is sampling the values of low-cardinality text columns, one statement per table).`;
  writeSection(`Introspection: a ${TABLES}-table schema`, body);
  console.log(body);
} finally {
  await database.drop();
}
