import { describe, expect, it } from 'vitest';
import type { DatasourceRow } from './datasources.repository';
import { sourceNameOf } from './datasources.service';
import { pickDefault } from './source-resolver';

const row = (id: string, status: DatasourceRow['status']) => ({ id, status }) as DatasourceRow;

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
  const rows = [row('a', 'inactive'), row('b', 'active'), row('c', 'active')];

  it('keeps the chosen source while it is active', () => {
    expect(pickDefault('c', rows, true)).toBe('c');
  });

  it('falls back to the demo, else the first active source, else none', () => {
    expect(pickDefault('a', rows, true)).toBe('demo');
    expect(pickDefault(null, rows, true)).toBe('demo');
    expect(pickDefault('a', rows, false)).toBe('b');
    expect(pickDefault(null, [row('a', 'revoked')], false)).toBeNull();
  });
});
