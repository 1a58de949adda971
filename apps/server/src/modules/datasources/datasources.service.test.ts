import { describe, expect, it } from 'vitest';
import type { DatasourceRow } from './datasources.repository';
import { sourceNameOf } from './datasources.service';
import { pickDefault } from './source-resolver';

const row = (id: string, day: number, status: DatasourceRow['status'] = 'active', type = 'FILE') =>
  ({ id, type, status, createdAt: new Date(Date.UTC(2026, 0, day)) }) as DatasourceRow;

describe('sourceNameOf', () => {
  it('names an uploaded source after the file, without folders or extension', () => {
    expect(sourceNameOf('Shop Sales.csv')).toBe('Shop Sales');
    expect(sourceNameOf('C:\\Users\\me\\q3.parquet')).toBe('q3');
    expect(sourceNameOf('../../etc/passwd')).toBe('passwd');
    expect(sourceNameOf('.csv')).toBe('Uploaded file');
    expect(sourceNameOf('a\u0000b.csv')).toBe('a b');
    expect(sourceNameOf(`${'x'.repeat(300)}.csv`)).toHaveLength(200);
  });
});

describe('pickDefault', () => {
  it('is the chosen source while it is active, the demo when the user chose it', () => {
    const rows = [row('a', 1), row('b', 2)];
    expect(pickDefault({ rows, chosen: 'a' }, true)).toBe('a');
    expect(pickDefault({ rows, chosen: 'demo' }, true)).toBe('demo');
  });

  it('is the source added last when none is chosen (or the chosen one cannot answer), not the demo', () => {
    const rows = [row('a', 1), row('b', 3), row('c', 2)];
    expect(pickDefault({ rows, chosen: null }, true)).toBe('b');
    expect(pickDefault({ rows: [row('a', 1), row('b', 3, 'inactive')], chosen: 'b' }, true)).toBe('a');
    expect(pickDefault({ rows, chosen: 'demo' }, false)).toBe('b');
  });

  it('is the demo only when the user has nothing of their own, else the first active, else none', () => {
    const rows = [row('a', 1, 'revoked'), row('d', 2, 'active', 'DEMO')];
    expect(pickDefault({ rows, chosen: null }, true)).toBe('demo');
    expect(pickDefault({ rows, chosen: null }, false)).toBe('d');
    expect(pickDefault({ rows: [row('a', 1, 'revoked')], chosen: 'a' }, false)).toBeNull();
  });
});
