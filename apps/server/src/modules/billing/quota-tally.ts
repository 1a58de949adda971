import type { FastifyBaseLogger } from 'fastify';

/** One monthly counter's units not yet stored. */
export interface TallyRow {
  userId: string;
  kind: string;
  period: string;
  used: number;
  /** When its last unit was spent. */
  at: Date;
}

/** How often the tallies are stored. */
const EVERY_MS = 1_000;

const keyOf = (userId: string, kind: string, period: string) => `${userId}\u0000${kind}\u0000${period}`;

/**
 * Units of monthly counters whose limit is null (nothing can be refused): counted in this
 * process and stored together about once a second, instead of one statement per answer on the
 * answer path. A failed write keeps its counts for the next one; close() stores what
 * is left. What a crash loses: at most the last ~1 s of counts on limits that refuse nothing —
 * usage shown on the plan screen, never a refusal. Limited counters never come here: they are
 * spent by the repository's conditional statement, so the last unit still goes to one request.
 */
export class QuotaTally {
  private counts = new Map<string, TallyRow>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  /** Writes begun so far: a read of a stored counter that saw one begin reads again (see `used`). */
  private writes = 0;
  private closed = false;

  constructor(
    /** Adds each row's `used` to its stored counter in one statement. */
    private readonly store: (rows: TallyRow[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = EVERY_MS,
  ) {}

  /** Counts one unit; stored with the next write. */
  add(userId: string, kind: string, period: string, at: Date): void {
    const key = keyOf(userId, kind, period);
    const row = this.counts.get(key);
    if (row) {
      row.used++;
      row.at = at;
    } else {
      this.counts.set(key, { userId, kind, period, used: 1, at });
    }
    this.schedule();
  }

  /** Whether this counter has units not yet stored. */
  has(userId: string, kind: string, period: string): boolean {
    return this.counts.has(keyOf(userId, kind, period));
  }

  /**
   * A counter as the user sees it: `read()` (the stored value) plus this process's units not yet
   * stored. A write that begins while the stored value is read may or may not be in it, so the
   * read is done again; units are never counted twice or missed.
   */
  async used(userId: string, kind: string, period: string, read: () => Promise<number>): Promise<number> {
    for (;;) {
      while (this.writing) await this.writing;
      const writes = this.writes;
      const stored = await read();
      if (writes === this.writes && !this.writing) {
        return stored + (this.counts.get(keyOf(userId, kind, period))?.used ?? 0);
      }
    }
  }

  /** Stores every unit counted so far (after a write under way); a failed write keeps its counts. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.counts.size === 0) return;
    const rows = [...this.counts.values()];
    this.counts = new Map();
    this.writes++;
    const written = this.store(rows).then(
      () => {},
      (error) => {
        for (const row of rows) {
          const key = keyOf(row.userId, row.kind, row.period);
          const newer = this.counts.get(key);
          if (newer) newer.used += row.used;
          else this.counts.set(key, row);
        }
        this.log.warn({ err: error, counters: rows.length }, 'quota counts not stored; retrying');
        this.schedule();
      },
    );
    // Cleared before anyone waiting on it resumes, so they see no write under way.
    this.writing = written.then(() => {
      this.writing = null;
    });
    await this.writing;
  }

  /** At shutdown: stores what is counted; what cannot be stored now is lost (and logged). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    const lost = [...this.counts.values()].reduce((n, row) => n + row.used, 0);
    if (lost > 0) this.log.error({ units: lost }, 'quota counts lost at shutdown: the database refused them');
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.everyMs);
    // Never keeps the process alive: close() stores the rest.
    this.timer.unref();
  }
}
