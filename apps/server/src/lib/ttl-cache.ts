/**
 * How long a process answers from its own copy of a row every request reads (the answer path,
 * issue 14) before reading it again. The writes this process makes drop the copy at once; another
 * process sharing PostgreSQL (several web processes, DESIGN §10) sees them within this time, so it
 * stays short there. PGlite belongs to one process, so nobody else writes behind its back.
 */
export const PROCESS_COPY_MS = { shared: 5_000, local: 60_000 } as const;

/** The copy time for an app database of this kind. */
export const processCopyMs = (kind: 'pglite' | 'postgres') =>
  kind === 'pglite' ? PROCESS_COPY_MS.local : PROCESS_COPY_MS.shared;

interface Entry<V> {
  value: V;
  /** performance.now() after which the value is read again. */
  expires: number;
}

/**
 * Short-lived copies of values read from the database, by key, bounded (oldest out first).
 * `forget` moves an epoch: a read that began before a forget is returned to its caller but not
 * kept, so a value written while it was being read never comes back from the racing read.
 */
export class TtlCache<V> {
  private readonly map = new Map<string, Entry<V>>();
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  /**
   * The copy while fresh, else `load()`'s value, kept unless a forget landed meanwhile or `keep`
   * says no (e.g. a miss: unknown keys cost a read each, instead of pushing real copies out).
   */
  async read(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.map.get(key);
    if (hit && hit.expires > performance.now()) return hit.value;
    const epoch = this.epoch;
    const value = await load();
    this.map.delete(key);
    if (this.ttlMs > 0 && epoch === this.epoch && keep(value)) {
      this.map.set(key, { value, expires: performance.now() + this.ttlMs });
      if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
    }
    return value;
  }

  /** Drops one key's copy (or every copy without a key): the next read goes to the database. */
  forget(key?: string): void {
    this.epoch++;
    if (key === undefined) this.map.clear();
    else this.map.delete(key);
  }

  /** Drops the copies whose value matches. */
  forgetWhere(match: (value: V, key: string) => boolean): void {
    this.epoch++;
    for (const [key, entry] of this.map) if (match(entry.value, key)) this.map.delete(key);
  }
}
