import { DEMO_DATASOURCE_ID } from '@parley/contract';
import type { DatasourceRow, OwnedSources } from '../datasources/datasources.repository';

/** The type of the built-in demo; a row of it is never the user's own data. */
const DEMO_TYPE = 'DEMO';

/** The user's own sources that can answer: active, and not the demo. */
export function ownActiveSources(rows: readonly DatasourceRow[]): DatasourceRow[] {
  return rows.filter((r) => r.status === 'active' && r.type !== DEMO_TYPE);
}

/**
 * The source that speaks for the user's business (the guide's starters, reports): their chosen
 * default while it is active, else the source they added last, else the demo (when on) — the demo
 * only when they have nothing of their own. Null when there is no source at all.
 */
export function pickOwnSource(owned: OwnedSources, demo: boolean): string | null {
  const own = ownActiveSources(owned.rows);
  if (owned.chosen && own.some((r) => r.id === owned.chosen)) return owned.chosen;
  const newest = [...own].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (newest) return newest.id;
  return demo ? DEMO_DATASOURCE_ID : null;
}
