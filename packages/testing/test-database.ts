/**
 * The one rule for PostgreSQL in tests, benchmarks and end-to-end runs: TEST_DATABASE_URL names the
 * server they create throwaway databases on. Unset, everything that needs PostgreSQL is skipped.
 */

/** TEST_DATABASE_URL, or null when it is unset (then skip what needs PostgreSQL). */
export function testDatabaseUrl(): string | null {
  return process.env.TEST_DATABASE_URL || null;
}

/** TEST_DATABASE_URL for code that cannot run without PostgreSQL; throws naming the variable when unset. */
export function requireTestDatabaseUrl(): string {
  const url = testDatabaseUrl();
  if (!url) {
    throw new Error(
      'This needs PostgreSQL: set TEST_DATABASE_URL to a server tests may create databases on (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
  }
  return url;
}

/** The connection fields of TEST_DATABASE_URL (its database is where admin statements run). */
export function testDatabaseServer(): {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
} {
  const url = new URL(requireTestDatabaseUrl());
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username || 'postgres'),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
  };
}
