import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTableFile } from './file-loader';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-upload-errors-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const rows = (n: number, line: string) => line.repeat(n);
/** A Parquet file's magic at both ends around bytes that are not Parquet. */
const FAKE_PARQUET = Buffer.from(`PAR1${'SECRET-garbage'.repeat(20)}\u0010\u0000\u0000\u0000PAR1`);

/** [case, file name, content, the message it must get]. */
const BROKEN: [string, string, string | Buffer, string | RegExp][] = [
  [
    'a row with a field too many',
    'sales.csv',
    'a,b,c,d\n1,2,3,4\nSECRET,6,7,8,9\n10,11,12,13\n',
    'The file could not be read as CSV: line 3 has 5 fields where the header has 4.',
  ],
  [
    'a short file whose last row has a field too many',
    'sales.csv',
    'a,b,c,d\n1,2,3,4\nSECRET,6,7,8,9\n',
    'The file could not be read as CSV: line 3 has 5 fields where the header has 4.',
  ],
  [
    'a row with two fields too many after 5,000 good ones',
    'sales.csv',
    `a,b,c,d\n${rows(5000, '1,2,3,4\n')}SECRET-ROW,x,y,z,w,v\n`,
    'The file could not be read as CSV: line 5002 has 6 fields where the header has 4.',
  ],
  [
    'a short row after 5,000 good ones',
    'sales.csv',
    `a,b,c,d\n${rows(5000, '1,2,3,4\n')}SECRET,x\n`,
    'The file could not be read as CSV: line 5002 has 2 fields where the header has 4.',
  ],
  ['an empty file', 'x.csv', '', 'The file is empty.'],
  ['a binary file named .csv', 'x.csv', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 3]), /binary/],
  [
    'a Parquet file that is not Parquet',
    'x.parquet',
    FAKE_PARQUET,
    /^The file is not a readable Parquet file/,
  ],
  ['a Parquet file cut short', 'x.parquet', Buffer.from('PAR1 not really parquet'), /Parquet/],
];

describe('upload refusals', () => {
  it.each(BROKEN)('%s: says what is wrong in the user’s terms', async (_, fileName, content, expected) => {
    const attempt = loadTableFile({
      bytes: typeof content === 'string' ? Buffer.from(content) : content,
      dataDir,
      sourceId: 'broken',
      fileName,
    });
    const error = await attempt.then(
      () => null,
      (e: Error) => e,
    );
    expect(error).not.toBeNull();
    const message = error!.message;
    if (typeof expected === 'string') expect(message).toBe(expected);
    else expect(message).toMatch(expected);
    // Never the server's paths, DuckDB's SQL or words, nor the file's content.
    for (const leak of [
      dataDir,
      tmpdir(),
      'SELECT',
      'read_csv',
      'read_parquet',
      'LINE 1',
      'Error:',
      'SECRET',
      '\n',
    ])
      expect(message).not.toContain(leak);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it.each([
    ['a title line and a blank line', 'Sales report\n\na,b\n1,2\n3,4\n'],
    ['a title line with a comma', 'Report, 2025\na,b,c\n1,2,3\n4,5,6\n'],
  ])('still loads a file with %s before its header', async (_, content) => {
    const loaded = await loadTableFile({
      bytes: Buffer.from(content),
      dataDir,
      sourceId: 'titled',
      fileName: 't.csv',
    });
    expect(loaded.rowCount).toBe(2);
    rmSync(loaded.path);
  });

  it('still loads a well-formed file with a quoted delimiter', async () => {
    const loaded = await loadTableFile({
      bytes: Buffer.from('name,amount\n"Smith, J",3\nLee,4\n'),
      dataDir,
      sourceId: 'good',
      fileName: 'people.csv',
    });
    expect(loaded.rowCount).toBe(2);
    expect(loaded.columns.map((c) => c.name)).toEqual(['name', 'amount']);
    rmSync(loaded.path);
  });
});
