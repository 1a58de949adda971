#!/usr/bin/env node
// Folder- and file-level import-cycle check (run by `npm run lint` and `npm run check:cycles`).
//
// Every non-test .ts/.tsx file is mapped to a "unit" (a folder that should depend on other folders in one
// direction only). Relative imports — value, type-only, re-exports and dynamic import() alike — become edges
// between units; any strongly connected component of more than one unit is reported together with one
// concrete chain of file imports that closes it, so a developer sees which import to cut.
//
// Three graphs are checked independently:
//   server    apps/server/src   modules/<name>, else the first folder (plugins, lib, db, mail, …), src/*.ts → root
//   web       apps/web/src      features/<name>, else the first folder (app, lib, ui, i18n), src/*.tsx → root
//   packages  packages/*/src    <package>/<first folder> (engine/parser, engine/compiler, …); each file directly
//                               in src/ is a unit of its own (engine/index.ts, engine/util.ts)
// Workspace package imports (`@parley/...`) and bare specifiers are not followed.
// Files are checked too: no two files may import each other, directly or through others, even inside one
// folder and even by type-only imports (a shared type goes into a file both import).
//
// Usage: node scripts/check-cycles.mjs [--verbose] [--root <dir>]
//   exit 0 with "no folder or file cycles (N files, M units)", exit 1 when a cycle exists.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const posix = path.posix;

/** Cost of connecting two files of the same unit without an import between them (prefer real import chains). */
const JUMP_COST = 1_000_000;

// ---------------------------------------------------------------------------------------------------------
// Units

/**
 * Maps a repository-relative (posix) file path to its graph and unit, or null when the file is outside the
 * checked trees.
 * @param {string} file e.g. "apps/server/src/modules/auth/auth.service.ts"
 * @returns {{ graph: 'server' | 'web' | 'packages', unit: string } | null}
 */
export function unitOfFile(file) {
  const parts = file.replaceAll('\\', '/').split('/').filter(Boolean);
  if (parts[0] === 'apps' && (parts[1] === 'server' || parts[1] === 'web') && parts[2] === 'src') {
    const rest = parts.slice(3);
    if (rest.length === 0) return null;
    const graph = parts[1];
    const grouped = graph === 'server' ? 'modules' : 'features';
    // Files directly in src/ are one unit each: app.ts wires every folder while every folder may
    // read config.ts, so one shared root unit would always close a cycle that no file has.
    if (rest.length === 1) return { graph, unit: rest[0].replace(/\.tsx?$/, '') };
    if (rest[0] === grouped && rest.length > 2) return { graph, unit: `${grouped}/${rest[1]}` };
    return { graph, unit: rest[0] };
  }
  if (parts[0] === 'packages' && parts.length > 3 && parts[2] === 'src') {
    const rest = parts.slice(3);
    // A package's src/index.ts barrel re-exports every folder while the folders share src/util.ts-style
    // helpers, so files directly in a package's src/ are one unit each (grouping them would always cycle).
    return { graph: 'packages', unit: `${parts[1]}/${rest[0]}` };
  }
  return null;
}

/**
 * The file's path as shown in chains: relative to its src folder (packages keep the package name).
 * @param {string} file
 */
export function shortName(file) {
  const m = /^apps\/(?:server|web)\/src\/(.+)$/.exec(file) ?? /^packages\/([^/]+)\/src\/(.+)$/.exec(file);
  if (!m) return file;
  return m.length === 3 ? `${m[1]}/${m[2]}` : m[1];
}

// ---------------------------------------------------------------------------------------------------------
// Imports

/**
 * Every module specifier a source file depends on: import/export … from, import type, import x = require(),
 * import('…') calls, import('…') types and require('…').
 * @param {string} sourceText
 * @param {string} [fileName]
 * @returns {{ specifier: string, line: number }[]}
 */
export function extractImports(sourceText, fileName = 'file.ts') {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, false, kind);
  /** @type {{ specifier: string, line: number }[]} */
  const found = [];
  const add = (/** @type {ts.Node | undefined} */ lit) => {
    if (lit && (ts.isStringLiteral(lit) || ts.isNoSubstitutionTemplateLiteral(lit))) {
      found.push({ specifier: lit.text, line: sf.getLineAndCharacterOfPosition(lit.getStart(sf)).line + 1 });
    }
  };
  const visit = (/** @type {ts.Node} */ node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if ((isImport || isRequire) && node.arguments.length > 0) add(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * Resolves a relative specifier to one of the known files (.ts, .tsx, /index.ts, /index.tsx; a .js/.jsx
 * extension is read as .ts/.tsx). Bare and workspace (`@parley/...`) specifiers resolve to null.
 * @param {string} fromFile repository-relative posix path of the importing file
 * @param {string} specifier
 * @param {Set<string>} files repository-relative posix paths of all known files
 * @returns {string | null}
 */
export function resolveImport(fromFile, specifier, files) {
  if (
    !(specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../'))
  ) {
    return null;
  }
  const base = posix.normalize(posix.join(posix.dirname(fromFile), specifier.split('?')[0]));
  const stem = base.replace(/\/+$/, '');
  const candidates = [];
  if (/\.(ts|tsx)$/.test(stem)) candidates.push(stem);
  if (/\.js$/.test(stem)) candidates.push(stem.replace(/\.js$/, '.ts'), stem.replace(/\.js$/, '.tsx'));
  if (/\.jsx$/.test(stem)) candidates.push(stem.replace(/\.jsx$/, '.tsx'));
  candidates.push(`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`);
  return candidates.find((c) => files.has(c)) ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Graph algorithms

/**
 * Tarjan's strongly connected components (iterative). Components and their members come out sorted.
 * @param {Iterable<string>} nodes
 * @param {Map<string, Iterable<string>>} adjacency
 * @returns {string[][]}
 */
export function stronglyConnectedComponents(nodes, adjacency) {
  const all = [...new Set(nodes)].sort();
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const out = [];
  let counter = 0;
  for (const start of all) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: [...(adjacency.get(start) ?? [])].sort(), i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.i < frame.next.length) {
        const w = frame.next[frame.i++];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, next: [...(adjacency.get(w) ?? [])].sort(), i: 0 });
        } else if (onStack.has(w)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(w)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        out.push(component.sort());
      }
    }
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Minimal binary min-heap keyed by a number. */
class Heap {
  constructor() {
    /** @type {{ key: number, value: string }[]} */
    this.items = [];
  }
  get size() {
    return this.items.length;
  }
  push(key, value) {
    const a = this.items;
    a.push({ key, value });
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p].key <= a[i].key) break;
      [a[p], a[i]] = [a[i], a[p]];
      i = p;
    }
  }
  pop() {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && a[l].key < a[m].key) m = l;
        if (r < a.length && a[r].key < a[m].key) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}

/**
 * @typedef {{ from: string, to: string, line?: number, specifier?: string }} FileEdge
 * @typedef {{ from: string, to: string, kind: 'import' | 'same-unit', line?: number, specifier?: string }} ChainStep
 * @typedef {{ from: string, to: string, imports: FileEdge[] }} UnitEdge
 * @typedef {{ units: string[], chain: ChainStep[], unitEdges: UnitEdge[] }} UnitCycle
 */

/**
 * Finds every folder cycle: each strongly connected component of the unit graph with more than one unit,
 * with one concrete chain of file imports that closes it. The chain starts with an import that crosses
 * units and follows real imports back to its start; only when no such chain exists does it step between
 * two files of the same unit (kind 'same-unit'), as few times as possible.
 * @param {FileEdge[]} edges file-level imports (already resolved)
 * @param {(file: string) => string | null | undefined} unitOf
 * @returns {UnitCycle[]}
 */
export function findUnitCycles(edges, unitOf) {
  /** @type {Map<string, string>} */
  const unit = new Map();
  const unitFor = (f) => {
    if (!unit.has(f)) unit.set(f, unitOf(f) ?? '');
    return unit.get(f);
  };
  const usable = edges.filter((e) => e.from !== e.to && unitFor(e.from) && unitFor(e.to));

  /** @type {Map<string, Set<string>>} */
  const unitAdj = new Map();
  const unitNodes = new Set();
  for (const e of usable) {
    const a = unitFor(e.from);
    const b = unitFor(e.to);
    unitNodes.add(a);
    unitNodes.add(b);
    if (a === b) continue;
    if (!unitAdj.has(a)) unitAdj.set(a, new Set());
    unitAdj.get(a).add(b);
  }

  const cycles = [];
  for (const component of stronglyConnectedComponents(unitNodes, unitAdj)) {
    if (component.length < 2) continue;
    const members = new Set(component);
    const inside = usable.filter((e) => members.has(unitFor(e.from)) && members.has(unitFor(e.to)));
    cycles.push({
      units: component,
      chain: closingChain(inside, unitFor),
      unitEdges: groupUnitEdges(inside, unitFor),
    });
  }
  return cycles;
}

/** @param {FileEdge[]} edges @param {(f: string) => string} unitFor @returns {UnitEdge[]} */
function groupUnitEdges(edges, unitFor) {
  const byPair = new Map();
  for (const e of edges) {
    const a = unitFor(e.from);
    const b = unitFor(e.to);
    if (a === b) continue;
    const key = `${a}\0${b}`;
    if (!byPair.has(key)) byPair.set(key, { from: a, to: b, imports: [] });
    byPair.get(key).imports.push(e);
  }
  return [...byPair.values()]
    .map((u) => ({ ...u, imports: u.imports.sort(compareEdges) }))
    .sort((x, y) => compareStrings(x.from, y.from) || compareStrings(x.to, y.to));
}

/**
 * The cheapest cycle (fewest same-unit steps, then fewest imports) that starts with a cross-unit import.
 * @param {FileEdge[]} edges imports among the files of one component
 * @param {(f: string) => string} unitFor
 * @returns {ChainStep[]}
 */
function closingChain(edges, unitFor) {
  const hub = (u) => `\0hub:${u}`;
  /** @type {Map<string, { to: string, cost: number, edge?: FileEdge }[]>} */
  const adj = new Map();
  const link = (from, to, cost, edge) => {
    if (!adj.has(from)) adj.set(from, []);
    adj.get(from).push({ to, cost, edge });
  };
  const files = new Set();
  for (const e of [...edges].sort(compareEdges)) {
    files.add(e.from);
    files.add(e.to);
    link(e.from, e.to, 1, e);
  }
  for (const f of [...files].sort()) {
    link(f, hub(unitFor(f)), JUMP_COST);
    link(hub(unitFor(f)), f, 0);
  }

  const crossing = edges.filter((e) => unitFor(e.from) !== unitFor(e.to)).sort(compareEdges);
  // One shortest-path search per distinct import target; ties go to the first crossing import in file order.
  const searches = new Map();
  let best = null;
  for (const e of crossing) {
    if (!searches.has(e.to)) searches.set(e.to, dijkstra(e.to, adj));
    const { dist, prev } = searches.get(e.to);
    if (!dist.has(e.from)) continue;
    const cost = 1 + dist.get(e.from);
    if (!best || cost < best.cost) best = { cost, edge: e, prev };
  }
  if (!best) return [];

  // Walk back from the crossing import's source to its target, then turn the path into steps.
  const path = [];
  for (let node = best.edge.from; node !== best.edge.to; ) {
    const step = best.prev.get(node);
    path.push({ node, via: step });
    node = step.from;
  }
  path.reverse();
  /** @type {ChainStep[]} */
  const chain = [{ ...best.edge, kind: 'import' }];
  let at = best.edge.to;
  for (const { node, via } of path) {
    if (node.startsWith('\0hub:')) continue;
    if (via.edge) chain.push({ ...via.edge, kind: 'import' });
    else chain.push({ from: at, to: node, kind: 'same-unit' });
    at = node;
  }
  return chain;
}

/** @returns {{ dist: Map<string, number>, prev: Map<string, { from: string, edge?: FileEdge }> }} */
function dijkstra(start, adj) {
  const dist = new Map([[start, 0]]);
  const prev = new Map();
  const done = new Set();
  const heap = new Heap();
  heap.push(0, start);
  while (heap.size > 0) {
    const { key, value: node } = heap.pop();
    if (done.has(node) || key > dist.get(node)) continue;
    done.add(node);
    for (const { to, cost, edge } of adj.get(node) ?? []) {
      const d = key + cost;
      if (!dist.has(to) || d < dist.get(to)) {
        dist.set(to, d);
        prev.set(to, { from: node, edge });
        heap.push(d, to);
      }
    }
  }
  return { dist, prev };
}

function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** @param {FileEdge} a @param {FileEdge} b */
function compareEdges(a, b) {
  return compareStrings(a.from, b.from) || (a.line ?? 0) - (b.line ?? 0) || compareStrings(a.to, b.to);
}

/**
 * File-level cycles: each strongly connected component of more than one file, with the shortest chain
 * of imports that closes it.
 * @param {FileEdge[]} edges
 * @returns {{ files: string[], chain: ChainStep[] }[]}
 */
export function findFileCycles(edges) {
  const real = edges.filter((e) => e.from !== e.to);
  /** @type {Map<string, Set<string>>} */
  const adjacency = new Map();
  for (const e of real) {
    if (!adjacency.has(e.from)) adjacency.set(e.from, new Set());
    adjacency.get(e.from).add(e.to);
  }
  const nodes = real.flatMap((e) => [e.from, e.to]);
  return stronglyConnectedComponents(nodes, adjacency)
    .filter((files) => files.length > 1)
    .map((files) => {
      const inside = new Set(files);
      const chain = closingChain(
        real.filter((e) => inside.has(e.from) && inside.has(e.to)),
        (f) => f,
      );
      return { files, chain };
    });
}

/**
 * One-line rendering of a chain: `a.ts → b.ts → … → a.ts`; `⇢` joins two files of the same unit that are
 * not connected by imports.
 * @param {ChainStep[]} chain
 * @param {(file: string) => string} [name]
 */
export function formatChain(chain, name = (f) => f) {
  if (chain.length === 0) return '';
  let out = name(chain[0].from);
  for (const step of chain) out += `${step.kind === 'import' ? ' → ' : ' ⇢ '}${name(step.to)}`;
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// File system

const GRAPHS = [
  { graph: 'server', roots: ['apps/server/src'] },
  { graph: 'web', roots: ['apps/web/src'] },
  { graph: 'packages', roots: ['packages/*/src'] },
];

/** @param {string} file */
export function isSourceFile(file) {
  return /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
}

function listFiles(rootDir, rel) {
  const out = [];
  let entries;
  try {
    entries = readdirSync(path.join(rootDir, rel), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const child = posix.join(rel, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      out.push(...listFiles(rootDir, child));
    } else if (entry.isFile() && isSourceFile(entry.name)) {
      out.push(child);
    }
  }
  return out;
}

function expandRoot(rootDir, pattern) {
  if (!pattern.includes('*')) return [pattern];
  const [head, tail] = pattern.split('/*/');
  let names = [];
  try {
    names = readdirSync(path.join(rootDir, head), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
  return names.map((n) => posix.join(head, n, tail));
}

/**
 * Reads the checked trees under rootDir and returns, per graph, the files and their resolved imports.
 * @param {string} rootDir repository root
 */
export function collectGraphs(rootDir) {
  return GRAPHS.map(({ graph, roots }) => {
    const files = roots.flatMap((r) => expandRoot(rootDir, r)).flatMap((r) => listFiles(rootDir, r));
    files.sort();
    const fileSet = new Set(files);
    /** @type {FileEdge[]} */
    const edges = [];
    for (const file of files) {
      const text = readFileSync(path.join(rootDir, file), 'utf8');
      for (const { specifier, line } of extractImports(text, file)) {
        const to = resolveImport(file, specifier, fileSet);
        if (to && to !== file) edges.push({ from: file, to, line, specifier });
      }
    }
    return { graph, files, edges };
  });
}

/**
 * Runs the check and returns the report lines and exit code (no printing, no exit).
 * @param {string} rootDir
 * @param {{ verbose?: boolean }} [options]
 */
export function checkCycles(rootDir, options = {}) {
  const lines = [];
  let fileCount = 0;
  let unitCount = 0;
  let cycleCount = 0;
  for (const { graph, files, edges } of collectGraphs(rootDir)) {
    const unitOf = (f) => unitOfFile(f)?.unit ?? null;
    const units = new Set(files.map(unitOf).filter(Boolean));
    fileCount += files.length;
    unitCount += units.size;
    if (options.verbose) {
      lines.push(`${graph}: ${files.length} files, ${units.size} units, ${edges.length} imports`);
      const pairs = new Map();
      for (const e of edges) {
        const a = unitOf(e.from);
        const b = unitOf(e.to);
        if (a && b && a !== b) pairs.set(`${a} → ${b}`, (pairs.get(`${a} → ${b}`) ?? 0) + 1);
      }
      for (const [pair, n] of [...pairs].sort()) lines.push(`  ${pair} (${n})`);
    }
    for (const cycle of findUnitCycles(edges, unitOf)) {
      cycleCount++;
      lines.push(`✗ ${graph}: folder cycle between ${cycle.units.join(', ')}`);
      lines.push(`    ${formatChain(cycle.chain, shortName)}`);
      const loc = (e) => `${e.from}:${e.line ?? '?'}`;
      for (const step of cycle.chain) {
        if (step.kind === 'same-unit') {
          lines.push(
            `      ${shortName(step.from)} ⇢ ${shortName(step.to)}  (same folder, no import between them)`,
          );
        } else if (unitOf(step.from) !== unitOf(step.to)) {
          lines.push(
            `      ${loc(step)}  imports '${step.specifier ?? shortName(step.to)}'  [${unitOf(step.from)} → ${unitOf(step.to)}]`,
          );
        }
      }
      lines.push('    imports between these folders:');
      for (const ue of cycle.unitEdges) {
        const shown = ue.imports.slice(0, 3).map(loc).join(', ');
        const more = ue.imports.length > 3 ? `, … +${ue.imports.length - 3}` : '';
        lines.push(`      ${ue.from} → ${ue.to}: ${shown}${more}`);
      }
    }
    for (const cycle of findFileCycles(edges)) {
      cycleCount++;
      lines.push(`✗ ${graph}: file cycle between ${cycle.files.map(shortName).join(', ')}`);
      lines.push(`    ${formatChain(cycle.chain, shortName)}`);
      for (const step of cycle.chain) {
        lines.push(
          `      ${step.from}:${step.line ?? '?'}  imports '${step.specifier ?? shortName(step.to)}'`,
        );
      }
    }
  }
  if (cycleCount === 0) {
    lines.push(`no folder or file cycles (${fileCount} files, ${unitCount} units)`);
    return { lines, exitCode: 0, cycles: 0 };
  }
  lines.push(
    `${cycleCount} cycle${cycleCount === 1 ? '' : 's'} (${fileCount} files, ${unitCount} units); ` +
      'cut one of the imports listed (→ is an import, ⇢ joins two files of the same folder); ' +
      'a type both files need goes into a file of its own',
  );
  return { lines, exitCode: 1, cycles: cycleCount };
}

// ---------------------------------------------------------------------------------------------------------
// CLI

function main(argv) {
  const usage = 'usage: node scripts/check-cycles.mjs [--verbose] [--root <dir>]';
  let rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let verbose = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(usage);
      return 0;
    }
    if (arg === '--verbose' || arg === '-v') verbose = true;
    else if (arg === '--root' && argv[i + 1]) rootDir = path.resolve(argv[++i]);
    else {
      console.error(`check-cycles: unknown argument ${arg}\n${usage}`);
      return 2;
    }
  }
  const { lines, exitCode } = checkCycles(rootDir, { verbose });
  for (const line of lines) console.log(line);
  return exitCode;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) process.exitCode = main(process.argv.slice(2));
