/**
 * How long a process answers from its own copy of a row every request reads (the answer path)
 * before reading it again. Every write drops the copies of every process at once
 * (lib/invalidation.ts: in process on PGlite, LISTEN/NOTIFY on PostgreSQL); on PostgreSQL the
 * time stays short as a safety net for a notice that could not be sent.
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
 * While `live()` is false (another process's changes cannot reach this one: the invalidation
 * channel is down) nothing is answered from a copy nor kept.
 */
export class TtlCache<V> {
  private readonly map = new Map<string, Entry<V>>();
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly live: () => boolean = () => true,
  ) {}

  /**
   * The copy while fresh, else `load()`'s value, kept unless a forget landed meanwhile or `keep`
   * says no (e.g. a miss: unknown keys cost a read each, instead of pushing real copies out).
   */
  async read(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.map.get(key);
    if (hit && hit.expires > performance.now() && this.live()) return hit.value;
    const epoch = this.epoch;
    const value = await load();
    this.map.delete(key);
    if (this.ttlMs > 0 && epoch === this.epoch && this.live() && keep(value)) {
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
