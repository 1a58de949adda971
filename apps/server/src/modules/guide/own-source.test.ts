import { describe, expect, it } from 'vitest';
import type { DatasourceRow } from '../datasources/datasources.repository';
import { pickOwnSource } from './own-source';

const row = (id: string, day: number, status: DatasourceRow['status'] = 'active', type = 'FILE') =>
  ({ id, type, status, createdAt: new Date(Date.UTC(2026, 0, day)) }) as DatasourceRow;

describe('pickOwnSource', () => {
  it('is the chosen default while it is active', () => {
    const rows = [row('a', 1), row('b', 2)];
    expect(pickOwnSource({ rows, chosen: 'a' }, true)).toBe('a');
  });

  it('is the source added last when none of the own ones is chosen, never the demo then', () => {
    const rows = [row('a', 1), row('b', 3), row('c', 2)];
    expect(pickOwnSource({ rows, chosen: null }, true)).toBe('b');
    expect(pickOwnSource({ rows: [row('a', 1), row('b', 3, 'inactive')], chosen: 'b' }, true)).toBe('a');
  });

  it('is the demo only when the user has nothing of their own, and null without it', () => {
    const rows = [row('a', 1, 'revoked'), row('d', 2, 'active', 'DEMO')];
    expect(pickOwnSource({ rows, chosen: null }, true)).toBe('demo');
    expect(pickOwnSource({ rows, chosen: null }, false)).toBeNull();
  });
});
