import { describe, expect, it } from 'vitest';

// The checker is plain ESM in scripts/ (run by `npm run lint`); it is loaded through a computed URL so that
// the server's typecheck does not need a declaration file for it, and typed by the shape below.
interface FileEdge {
  from: string;
  to: string;
  line?: number;
  specifier?: string;
}
interface ChainStep extends FileEdge {
  kind: 'import' | 'same-unit';
}
interface UnitCycle {
  units: string[];
  chain: ChainStep[];
  unitEdges: { from: string; to: string; imports: FileEdge[] }[];
}
interface CheckCycles {
  unitOfFile(file: string): { graph: 'server' | 'web' | 'packages'; unit: string } | null;
  extractImports(source: string, fileName?: string): { specifier: string; line: number }[];
  resolveImport(fromFile: string, specifier: string, files: Set<string>): string | null;
  stronglyConnectedComponents(nodes: Iterable<string>, adjacency: Map<string, Iterable<string>>): string[][];
  findUnitCycles(edges: FileEdge[], unitOf: (file: string) => string | null): UnitCycle[];
  findFileCycles(edges: FileEdge[]): { files: string[]; chain: ChainStep[] }[];
  formatChain(chain: ChainStep[], name?: (file: string) => string): string;
  isSourceFile(file: string): boolean;
}

const scriptUrl = new URL('../../../scripts/check-cycles.mjs', import.meta.url).href;
const cc: CheckCycles = await import(scriptUrl);

/** Unit of an in-memory file: its folder ("a/x.ts" → "a"). */
const folderOf = (file: string) => file.split('/')[0];
const edge = (from: string, to: string): FileEdge => ({ from, to });

/** A chain must be a closed walk: each step starts where the previous one ended, and it ends where it began. */
function expectClosed(chain: ChainStep[]) {
  expect(chain.length).toBeGreaterThan(1);
  for (let i = 1; i < chain.length; i++) expect(chain[i].from).toBe(chain[i - 1].to);
  expect(chain[chain.length - 1].to).toBe(chain[0].from);
}

describe('unitOfFile', () => {
  it('maps server files to modules/<name>, the first folder, or the file itself directly in src/', () => {
    expect(cc.unitOfFile('apps/server/src/modules/auth/auth.service.ts')).toEqual({
      graph: 'server',
      unit: 'modules/auth',
    });
    expect(cc.unitOfFile('apps/server/src/modules/auth/deep/x.ts')?.unit).toBe('modules/auth');
    expect(cc.unitOfFile('apps/server/src/plugins/session.plugin.ts')?.unit).toBe('plugins');
    expect(cc.unitOfFile('apps/server/src/db/schema/users.ts')?.unit).toBe('db');
    expect(cc.unitOfFile('apps/server/src/app.ts')).toEqual({ graph: 'server', unit: 'app' });
    expect(cc.unitOfFile('apps/server/src/config.ts')?.unit).toBe('config');
  });

  it('maps web files to features/<name>, the first folder, or the file itself directly in src/', () => {
    expect(cc.unitOfFile('apps/web/src/features/settings/components/Modal.tsx')).toEqual({
      graph: 'web',
      unit: 'features/settings',
    });
    expect(cc.unitOfFile('apps/web/src/app/shell/Shell.tsx')?.unit).toBe('app');
    expect(cc.unitOfFile('apps/web/src/i18n/locales/en.ts')?.unit).toBe('i18n');
    expect(cc.unitOfFile('apps/web/src/main.tsx')?.unit).toBe('main');
  });

  it('maps package files to <package>/<first folder>, files directly in src/ to themselves', () => {
    expect(cc.unitOfFile('packages/engine/src/parser/parse.ts')).toEqual({
      graph: 'packages',
      unit: 'engine/parser',
    });
    expect(cc.unitOfFile('packages/engine/src/util.ts')?.unit).toBe('engine/util.ts');
    expect(cc.unitOfFile('packages/engine/src/index.ts')?.unit).toBe('engine/index.ts');
  });

  it('ignores files outside the checked trees', () => {
    expect(cc.unitOfFile('apps/server/test/helpers.ts')).toBeNull();
    expect(cc.unitOfFile('scripts/check-cycles.mjs')).toBeNull();
  });

  it('skips test files', () => {
    expect(cc.isSourceFile('a/b.ts')).toBe(true);
    expect(cc.isSourceFile('a/B.tsx')).toBe(true);
    expect(cc.isSourceFile('a/b.test.ts')).toBe(false);
    expect(cc.isSourceFile('a/B.test.tsx')).toBe(false);
    expect(cc.isSourceFile('a/b.css')).toBe(false);
  });
});

describe('extractImports / resolveImport', () => {
  it('finds value, type-only, re-export and dynamic imports', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      'import {',
      '  c,',
      "} from './c';",
      "export * from './d';",
      "export type { E } from './e';",
      "const f = () => import('./f');",
      "type G = import('./g').G;",
      "import { z } from '@parley/contract';",
      "// import { no } from './commented-out';",
      'const s = "from \'./not-an-import\'";',
    ].join('\n');
    expect(cc.extractImports(source, 'x.tsx')).toEqual([
      { specifier: './a', line: 1 },
      { specifier: '../b', line: 2 },
      { specifier: './c', line: 5 },
      { specifier: './d', line: 6 },
      { specifier: './e', line: 7 },
      { specifier: './f', line: 8 },
      { specifier: './g', line: 9 },
      { specifier: '@parley/contract', line: 10 },
    ]);
  });

  it('resolves .ts, .tsx, /index.ts and /index.tsx; leaves packages alone', () => {
    const files = new Set([
      'src/lib/a.ts',
      'src/lib/b.tsx',
      'src/lib/c/index.ts',
      'src/lib/d/index.tsx',
      'src/lib/x.service.ts',
      'src/app.ts',
    ]);
    const from = 'src/lib/main.ts';
    expect(cc.resolveImport(from, './a', files)).toBe('src/lib/a.ts');
    expect(cc.resolveImport(from, './a.js', files)).toBe('src/lib/a.ts');
    expect(cc.resolveImport(from, './b', files)).toBe('src/lib/b.tsx');
    expect(cc.resolveImport(from, './c', files)).toBe('src/lib/c/index.ts');
    expect(cc.resolveImport(from, './d', files)).toBe('src/lib/d/index.tsx');
    expect(cc.resolveImport(from, './x.service', files)).toBe('src/lib/x.service.ts');
    expect(cc.resolveImport(from, '../app', files)).toBe('src/app.ts');
    expect(cc.resolveImport(from, './missing', files)).toBeNull();
    expect(cc.resolveImport(from, './styles.css', files)).toBeNull();
    expect(cc.resolveImport(from, '@parley/engine', files)).toBeNull();
    expect(cc.resolveImport(from, 'react', files)).toBeNull();
  });
});

describe('findUnitCycles', () => {
  it('finds a 2-unit cycle with the chain of imports that closes it', () => {
    const edges = [edge('a/x.ts', 'b/y.ts'), edge('b/y.ts', 'a/x.ts'), edge('a/x.ts', 'c/z.ts')];
    const cycles = cc.findUnitCycles(edges, folderOf);
    expect(cycles).toHaveLength(1);
    expect(cycles[0].units).toEqual(['a', 'b']);
    expectClosed(cycles[0].chain);
    expect(cycles[0].chain.every((s) => s.kind === 'import')).toBe(true);
    expect(cc.formatChain(cycles[0].chain)).toBe('a/x.ts → b/y.ts → a/x.ts');
    expect(cycles[0].unitEdges.map((u) => `${u.from}>${u.to}`)).toEqual(['a>b', 'b>a']);
  });

  it('follows imports inside a unit when they close the chain', () => {
    const edges = [
      edge('a/x.ts', 'b/y.ts'),
      edge('b/y.ts', 'b/w.ts'),
      edge('b/w.ts', 'a/v.ts'),
      edge('a/v.ts', 'a/x.ts'),
    ];
    const [cycle] = cc.findUnitCycles(edges, folderOf);
    expect(cc.formatChain(cycle.chain)).toBe('a/x.ts → b/y.ts → b/w.ts → a/v.ts → a/x.ts');
    expectClosed(cycle.chain);
    expect(cycle.chain).toHaveLength(4);
    expect(cycle.chain.every((s) => s.kind === 'import')).toBe(true);
  });

  it('joins two files of the same unit when no import connects them', () => {
    // a/x → b/y and b/w → a/v, but nothing inside a or b links the two halves.
    const edges = [edge('a/x.ts', 'b/y.ts'), edge('b/w.ts', 'a/v.ts')];
    const [cycle] = cc.findUnitCycles(edges, folderOf);
    expect(cycle.units).toEqual(['a', 'b']);
    expectClosed(cycle.chain);
    expect(cycle.chain.filter((s) => s.kind === 'same-unit')).toHaveLength(2);
    expect(cc.formatChain(cycle.chain)).toBe('a/x.ts → b/y.ts ⇢ b/w.ts → a/v.ts ⇢ a/x.ts');
  });

  it('finds a 3-unit cycle', () => {
    const edges = [
      edge('a/x.ts', 'b/y.ts'),
      edge('b/y.ts', 'c/z.ts'),
      edge('c/z.ts', 'a/x.ts'),
      edge('d/leaf.ts', 'a/x.ts'),
    ];
    const cycles = cc.findUnitCycles(edges, folderOf);
    expect(cycles).toHaveLength(1);
    expect(cycles[0].units).toEqual(['a', 'b', 'c']);
    expectClosed(cycles[0].chain);
    expect(cc.formatChain(cycles[0].chain)).toBe('a/x.ts → b/y.ts → c/z.ts → a/x.ts');
  });

  it('reports each strongly connected component separately', () => {
    const edges = [
      edge('a/1.ts', 'b/1.ts'),
      edge('b/1.ts', 'a/1.ts'),
      edge('c/1.ts', 'd/1.ts'),
      edge('d/1.ts', 'c/1.ts'),
    ];
    expect(cc.findUnitCycles(edges, folderOf).map((c) => c.units)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('reports nothing for a DAG (diamond included)', () => {
    const edges = [
      edge('root/app.ts', 'a/x.ts'),
      edge('root/app.ts', 'b/y.ts'),
      edge('a/x.ts', 'lib/u.ts'),
      edge('b/y.ts', 'lib/u.ts'),
      edge('b/y.ts', 'a/x.ts'),
    ];
    expect(cc.findUnitCycles(edges, folderOf)).toEqual([]);
  });

  it('ignores imports (and file cycles) within one unit, and self-imports', () => {
    const edges = [
      edge('a/x.ts', 'a/y.ts'),
      edge('a/y.ts', 'a/x.ts'),
      edge('a/x.ts', 'a/x.ts'),
      edge('a/y.ts', 'b/z.ts'),
    ];
    expect(cc.findUnitCycles(edges, folderOf)).toEqual([]);
  });

  it('ignores files without a unit', () => {
    const edges = [edge('a/x.ts', 'elsewhere.ts'), edge('elsewhere.ts', 'a/x.ts')];
    expect(cc.findUnitCycles(edges, (f) => (f.includes('/') ? folderOf(f) : null))).toEqual([]);
  });
});

describe('findFileCycles', () => {
  it('finds files that import each other inside one folder, with the chain that closes it', () => {
    const edges = [
      edge('a/x.ts', 'a/y.ts'),
      edge('a/y.ts', 'a/z.ts'),
      edge('a/z.ts', 'a/x.ts'),
      edge('a/x.ts', 'b/w.ts'),
    ];
    const cycles = cc.findFileCycles(edges);
    expect(cycles.map((c) => c.files)).toEqual([['a/x.ts', 'a/y.ts', 'a/z.ts']]);
    expectClosed(cycles[0]!.chain);
    expect(cc.formatChain(cycles[0]!.chain)).toBe('a/x.ts → a/y.ts → a/z.ts → a/x.ts');
  });

  it('reports nothing for a DAG or a self-import', () => {
    const edges = [
      edge('a/x.ts', 'a/y.ts'),
      edge('a/x.ts', 'a/z.ts'),
      edge('a/y.ts', 'a/z.ts'),
      edge('a/z.ts', 'a/z.ts'),
    ];
    expect(cc.findFileCycles(edges)).toEqual([]);
  });
});

describe('stronglyConnectedComponents', () => {
  it('groups mutually reachable nodes', () => {
    const adjacency = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(cc.stronglyConnectedComponents(['a', 'b', 'c', 'd'], adjacency)).toEqual([['a', 'b', 'c'], ['d']]);
  });
});
