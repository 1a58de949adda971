/** A bounded map that forgets the least recently used entry first. */
export class Lru<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      // Re-insert: Map keeps insertion order, so the first key is always the least recent.
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (this.max <= 0) return;
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  /** Forgets every entry whose key matches. */
  deleteWhere(match: (key: string) => boolean): void {
    for (const key of [...this.map.keys()]) if (match(key)) this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }
}
