/** A byte budget for an Lru: the most its entries may take together, by `sizeOf`. */
export interface LruBytes<V> {
  /** Bytes the entries may take together; an entry larger than this is not kept at all. */
  maxBytes: number;
  /** An entry's size in bytes (an estimate, e.g. approximateBytes), read when it is set. */
  sizeOf: (value: V, key: string) => number;
}

/**
 * A bounded map that forgets the least recently used entry first: at most `max` entries and,
 * with a byte budget, at most `maxBytes` of them by `sizeOf`.
 */
export class Lru<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    private readonly max: number,
    private readonly budget: LruBytes<V> | null = null,
  ) {}

  get(key: string): V | undefined {
    const entry = this.map.get(key);
    if (entry === undefined) return undefined;
    // Re-insert: Map keeps insertion order, so the first key is always the least recent.
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  /** Whether `key` is kept (its recency unchanged). */
  has(key: string): boolean {
    return this.map.has(key);
  }

  /**
   * Keeps `value` as the most recent entry, its size measured now (setting a kept value again
   * measures it again), then forgets the least recent entries beyond the bounds; a value larger
   * than the whole budget is not kept.
   */
  set(key: string, value: V): void {
    this.delete(key);
    if (this.max <= 0) return;
    const bytes = this.budget ? Math.max(0, this.budget.sizeOf(value, key)) : 0;
    if (this.budget && bytes > this.budget.maxBytes) return;
    this.map.set(key, { value, bytes });
    this.total += bytes;
    while (this.map.size > this.max || (this.budget && this.total > this.budget.maxBytes)) {
      this.delete(this.map.keys().next().value as string);
    }
  }

  delete(key: string): void {
    const entry = this.map.get(key);
    if (entry === undefined) return;
    this.map.delete(key);
    this.total -= entry.bytes;
  }

  /** Forgets every entry whose key matches. */
  deleteWhere(match: (key: string) => boolean): void {
    for (const key of [...this.map.keys()]) if (match(key)) this.delete(key);
  }

  get size(): number {
    return this.map.size;
  }

  /** The kept entries' bytes by `sizeOf` (0 without a byte budget). */
  get bytes(): number {
    return this.total;
  }
}

/**
 * About how many bytes of the JavaScript heap a plain JSON-like value holds (objects, arrays,
 * strings, numbers, Dates): an estimate for byte budgets, not a measurement. Shared parts are
 * counted once per path to them, so a value sharing much with others is over-estimated.
 */
export function approximateBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      // A header, then one byte a character (two for text beyond Latin-1, left out here).
      return 24 + value.length;
    case 'number':
    case 'bigint':
      return 16;
    case 'object': {
      if (value === null) return 0;
      if (value instanceof Date) return 32;
      if (Array.isArray(value)) {
        let bytes = 32 + 8 * value.length;
        for (const item of value) bytes += approximateBytes(item);
        return bytes;
      }
      let bytes = 32;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        // The field and its value; key names are shared by every object of the same shape.
        bytes += 16 + approximateBytes((value as Record<string, unknown>)[key]);
      }
      return bytes;
    }
    default:
      return 0;
  }
}
