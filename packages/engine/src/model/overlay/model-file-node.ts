/**
 * Reading one YAML node of the model file with its line: a typed value or a ModelFileError that
 * names the line and the field ("line 12: measures[3].agg must be one of sum, avg, …").
 */
import { isMap, isScalar, isSeq, type LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';

/** The model file cannot be read: `line` (1-based) is where the problem is. */
export class ModelFileError extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'ModelFileError';
  }
}

/** A map of the file with what reading it needs: its path in the file and the line counter. */
export class FileMap {
  constructor(
    readonly map: YAMLMap,
    readonly path: string,
    readonly lines: LineCounter,
  ) {}

  lineOf(node: Node | null | undefined): number {
    const at = node?.range?.[0] ?? this.map.range?.[0] ?? 0;
    return this.lines.linePos(at).line;
  }

  fail(node: Node | null | undefined, key: string | null, problem: string): never {
    const where = key === null ? this.path : this.path ? `${this.path}.${key}` : key;
    throw new ModelFileError(this.lineOf(node), `${where} ${problem}`);
  }

  node(key: string): Node | undefined {
    return (this.map.get(key, true) as Node | undefined) ?? undefined;
  }

  /** Fails on a key the file's shape has no place for (a typo would otherwise be dropped). */
  only(keys: readonly string[]): void {
    for (const pair of this.map.items as Pair<Node, Node>[]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '?';
      if (!keys.includes(key)) this.fail(pair.key, key, `is not a field here (fields: ${keys.join(', ')})`);
    }
  }

  text(key: string, required: true, max?: number): string;
  text(key: string, required?: boolean, max?: number): string | undefined;
  text(key: string, required = false, max = 200): string | undefined {
    const n = this.node(key);
    if (n === undefined || (isScalar(n) && n.value === null)) {
      if (required) this.fail(n, key, 'is required');
      return undefined;
    }
    if (!isScalar(n) || !['string', 'number'].includes(typeof n.value)) this.fail(n, key, 'must be text');
    const value = String(n.value).trim();
    if (required && value === '') this.fail(n, key, 'must not be empty');
    if (value.length > max) this.fail(n, key, `must be at most ${max} characters`);
    return value;
  }

  oneOf<T extends string>(key: string, options: readonly T[], fallback?: T): T {
    const value = this.text(key, fallback === undefined);
    if (value === undefined) return fallback!;
    if (!options.includes(value as T)) this.fail(this.node(key), key, `must be one of ${options.join(', ')}`);
    return value as T;
  }

  flag(key: string): boolean {
    const n = this.node(key);
    if (n === undefined) return false;
    if (!isScalar(n) || typeof n.value !== 'boolean') this.fail(n, key, 'must be true or false');
    return n.value as boolean;
  }

  /** A list of texts; a single text reads as a list of one. */
  texts(key: string, max = 50): string[] {
    const n = this.node(key);
    if (n === undefined || (isScalar(n) && n.value === null)) return [];
    const items = isSeq(n) ? (n.items as Node[]) : [n];
    if (items.length > max) this.fail(n, key, `must have at most ${max} items`);
    return items.map((item, i) => {
      if (
        !isScalar(item) ||
        !['string', 'number'].includes(typeof item.value) ||
        String(item.value).trim() === ''
      )
        this.fail(item, `${key}[${i}]`, 'must be text');
      return String(item.value).trim();
    });
  }

  /** A map of text to text (value labels, value synonyms). */
  textMap(key: string): Record<string, string> {
    const n = this.node(key);
    if (n === undefined || (isScalar(n) && n.value === null)) return {};
    if (!isMap(n)) this.fail(n, key, 'must be a map of text to text');
    const out: Record<string, string> = {};
    for (const pair of n.items as Pair<Node, Node>[]) {
      const k = isScalar(pair.key) ? String(pair.key.value) : null;
      const v = isScalar(pair.value) && pair.value.value !== null ? String(pair.value.value).trim() : null;
      if (k === null || !v) this.fail(pair.value ?? pair.key, `${key}.${k ?? '?'}`, 'must be text');
      out[k] = v;
    }
    return out;
  }

  /** The items of a list, each a map. */
  list(key: string): FileMap[] {
    const n = this.node(key);
    if (n === undefined || (isScalar(n) && n.value === null)) return [];
    if (!isSeq(n)) this.fail(n, key, 'must be a list');
    return (n.items as Node[]).map((item, i) => this.child(item, `${key}[${i}]`));
  }

  /** A nested map, or null when absent. */
  sub(key: string): FileMap | null {
    const n = this.node(key);
    return n === undefined ? null : this.child(n, key);
  }

  private child(node: Node, key: string): FileMap {
    const path = this.path ? `${this.path}.${key}` : key;
    if (!isMap(node)) throw new ModelFileError(this.lineOf(node), `${path} must be a map of fields`);
    return new FileMap(node, path, this.lines);
  }
}
