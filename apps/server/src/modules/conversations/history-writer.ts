import { Unavailable } from '../../lib/errors';
import type { ConversationsRepository, NewConversationItem, Owner } from './conversations.repository';
import { HistoryJournal, type HistoryLog, type HistoryRow, type JournalFile } from './history-journal';

/**
 * Items stored in one INSERT at most: larger batches cost PGlite less per row, as parsing and
 * planning the statement is a fixed cost.
 */
export const HISTORY_BATCH = 500;
/**
 * How long an item waits for others before its INSERT (unless HISTORY_BATCH are waiting, or a read of
 * history waits on it): a steady stream of answers costs one statement per window, not per answer
 * (each statement is CPU: PGlite's on its own thread, a round trip to PostgreSQL). Nobody
 * waits for the window: the item is journalled, and a read of history sends what it needs at once.
 */
const WINDOW_MS = 200;
/** Waits between retries of a failed write: doubling from the first, up to the last. */
const RETRY_MS = { first: 250, max: 30_000 };
/** How long a read of history waits for the writes queued before it. */
const SETTLE_WAIT_MS = 2_000;

interface Entry {
  seq: number;
  row: HistoryRow;
  file: JournalFile | null;
  /** Server mode: the asker waiting for this item's commit; told of a failure instead of retrying. */
  ack: { resolve: () => void; reject: (error: Error) => void } | null;
}

/** Where an answered question is durable before its asker is answered. */
export type HistoryDurability =
  /** A journal file under DATA_DIR, stored in the database in the background (embedded mode). */
  | 'journal'
  /** The database itself: committed with the others in flight at the same time (server mode). */
  | 'database';

/** What a HistoryWriter is built with. */
export interface HistoryWriterDeps {
  repo: ConversationsRepository;
  /** The journal folder (DATA_DIR/journal); null: nothing journalled, none left to replay. */
  journalDir: string | null;
  log: HistoryLog;
  /** Where an item is durable before its asker is answered (default: the journal, when there is one). */
  durability?: HistoryDurability;
  /** Tests: journal only, never store (a process that dies before its writes); journal mode only. */
  hold?: boolean;
  /** Size at which a new journal file is begun (tests make it small). */
  rotateBytes?: number;
}

/**
 * Writes answered questions to history and loses none that was acknowledged.
 *
 * Embedded mode ('journal'): the asker does not wait on the database. Each item is first appended
 * to a journal file under DATA_DIR (history-journal.ts), before its asker is answered, so it
 * survives the process dying; then stored in batches in the background. A failed store is retried
 * with backoff, and a journal left by a process that died is replayed on the next start.
 *
 * Server mode ('database'): a web process's disk may not outlive it, so the asker is answered once
 * the item is committed. Group commit keeps that to about one round trip: the items of one turn go
 * in one INSERT at once, and those that arrive while it is in flight go together in the next. A
 * failed commit is not retried: its asker gets an error, not an answer. The journal folder is only
 * read at start, for what an earlier version left there.
 *
 * Items carry their id and the insert skips stored ids, so a replay never writes one twice.
 * Reads of history first wait for the writes queued before them (`settled`).
 */
export class HistoryWriter {
  private queue: Entry[] = [];
  private seq = 0;
  private flushing: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Running while the oldest waiting item's window is open; null once it has closed (or nothing waits). */
  private windowTimer: NodeJS.Timeout | null = null;
  private retryMs = RETRY_MS.first;
  private waiters: { seq: number; resolve: () => void }[] = [];
  private closed = false;
  private readonly repo: ConversationsRepository;
  private readonly log: HistoryLog;
  /** The journal folder given, read at start in server mode too (what an earlier version left). */
  private readonly journalDir: string | null;
  /** The journal written to: null in server mode. */
  private readonly journal: HistoryJournal | null;
  /** Server mode: a commit is due at the end of this turn of the event loop. */
  private commitDue = false;
  /** Journalled items are never stored (tests); an item is never held where nothing journals it. */
  private readonly held: boolean;

  constructor({ repo, journalDir, log, durability, hold, rotateBytes }: HistoryWriterDeps) {
    this.repo = repo;
    this.log = log;
    this.journalDir = journalDir;
    const dir = durability === 'database' ? null : journalDir;
    this.journal = dir === null ? null : new HistoryJournal({ dir, log, rotateBytes });
    this.held = hold === true && this.journal !== null;
  }

  /** Resolves once the item is durable: journalled, or committed (server mode, or a journal that cannot be written). */
  async write(owner: Owner, item: NewConversationItem): Promise<void> {
    // The owner's ids only: the caller may pass its whole actor, whose name, e-mail and features
    // belong neither in the journal nor in its line's cost.
    const row = { userId: owner.userId, projectId: owner.projectId, ...item };
    if (!this.journal) return this.commit(row);
    const file = this.closed ? null : await this.journal.append(row);
    // No journal (none configured, or the disk refused): the asker waits for the database instead.
    if (!file) return this.repo.insertItems([row]);
    this.queue.push({ seq: ++this.seq, row, file, ack: null });
    // Stored with the items of the next WINDOW_MS (a read of history sends it at once: settled).
    if (this.queue.length >= HISTORY_BATCH) this.kick();
    else this.openWindow();
  }

  /** Resolves when the items queued before the call are stored (or after a short wait, if they cannot be yet). */
  settled(maxMs = SETTLE_WAIT_MS): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    const seq = this.seq;
    const settled = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      timer.unref();
      this.waiters.push({
        seq,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
    // Someone reads history: what it waits for is sent now, not at the end of the window.
    this.kick();
    return settled;
  }

  /** Items still waiting to be stored. */
  get pending(): number {
    return this.queue.length;
  }

  /** Replays the journals of processes that died before storing their items (at start). */
  async replay(): Promise<number> {
    if (!this.journal) {
      // Server mode: what a journalling version left in the folder (a kept volume) is stored once.
      if (!this.journalDir) return 0;
      const leftover = new HistoryWriter({ repo: this.repo, journalDir: this.journalDir, log: this.log });
      const replayed = await leftover.replay();
      await leftover.close();
      return replayed;
    }
    let replayed = 0;
    for (const { file, rows } of this.journal.leftovers()) {
      for (const row of rows) this.queue.push({ seq: ++this.seq, row, file, ack: null });
      replayed += rows.length;
    }
    if (replayed > 0) {
      this.log.warn({ items: replayed }, 'history items of a stopped process replayed from the journal');
      this.kick();
      if (!this.held) await this.settled(60_000);
    }
    return replayed;
  }

  /** Stores what is queued and closes the journal; what cannot be stored stays journalled for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.journal?.stop();
    if (!this.held) {
      if (this.retryTimer) {
        clearTimeout(this.retryTimer);
        this.retryTimer = null;
        this.kick();
      }
      await this.settled(5_000);
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.windowTimer) clearTimeout(this.windowTimer);
    this.windowTimer = null;
    this.journal?.close();
  }

  /**
   * Server mode: queues the item for the next INSERT and resolves once it is committed. The items
   * of this turn go together; while an INSERT is in flight, the next one gathers what arrives.
   */
  private commit(row: HistoryRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ seq: ++this.seq, row, file: null, ack: { resolve, reject } });
      if (this.commitDue) return;
      this.commitDue = true;
      setImmediate(() => {
        this.commitDue = false;
        this.kick();
      });
    });
  }

  private openWindow(): void {
    if (this.windowTimer) return;
    this.windowTimer = setTimeout(() => {
      this.windowTimer = null;
      this.kick();
    }, WINDOW_MS);
    // The items are journalled: a process that exits meanwhile replays them at its next start.
    this.windowTimer.unref();
  }

  /** Stores one batch now (unless one is being stored, or a retry is due later). */
  private kick(): void {
    if (this.flushing || this.retryTimer || this.held || this.queue.length === 0) return;
    if (this.windowTimer) clearTimeout(this.windowTimer);
    this.windowTimer = null;
    this.flushing = this.flush().finally(() => {
      this.flushing = null;
      if (this.retryTimer || this.queue.length === 0) return;
      // Items queued while this batch was stored go next at once when their window has closed
      // (no timer: always so in server mode), a full batch waits or a read waits on them; else
      // when their window closes.
      if (!this.windowTimer || this.queue.length >= HISTORY_BATCH || this.waiters.length > 0) this.kick();
    });
  }

  /** Stores the oldest HISTORY_BATCH items in one INSERT (one by one when it fails). */
  private async flush(): Promise<void> {
    const batch = this.queue.slice(0, HISTORY_BATCH);
    try {
      await this.repo.insertItems(batch.map((e) => e.row));
      this.done(batch);
    } catch {
      // One by one, so one item the database refuses for good cannot hold back the others.
      let failed = false;
      for (const entry of batch) if (!(await this.storeOne(entry))) failed = true;
      if (failed) {
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          this.kick();
        }, this.retryMs);
        this.retryTimer.unref();
        this.retryMs = Math.min(this.retryMs * 2, RETRY_MS.max);
        return;
      }
    }
    this.retryMs = RETRY_MS.first;
  }

  /** Stores one item of a failed batch; false when it is to be retried from the journal. */
  private async storeOne(entry: Entry): Promise<boolean> {
    try {
      await this.repo.insertItems([entry.row]);
      this.done([entry]);
    } catch (error) {
      if (entry.ack) {
        // Server mode: nothing else holds the item, so its asker is not answered as if it were kept.
        this.log.error({ err: error, item: entry.row.id }, 'history item not stored; the question fails');
        this.done([entry], new Unavailable('Your question could not be saved. Please ask it again.'));
      } else if (isPermanent(error)) {
        // Its user or project is gone (or the row can never fit): nothing left to keep it for.
        this.log.warn({ err: error, item: entry.row.id }, 'history item dropped: the database refuses it');
        this.done([entry]);
      } else {
        this.log.error({ err: error }, 'history write failed; retrying from the journal');
        return false;
      }
    }
    return true;
  }

  /** Takes entries off the queue: stored (or dropped), or with `failure`, refused to their askers. */
  private done(entries: Entry[], failure?: Error): void {
    const stored = new Set(entries);
    this.queue = this.queue.filter((e) => !stored.has(e));
    for (const { file, ack } of entries) {
      if (ack) {
        if (failure) ack.reject(failure);
        else ack.resolve();
      }
      if (file) this.journal?.stored(file);
    }
    // The queue stays in write order, so its head is the oldest item not yet stored.
    const oldest = this.queue[0]?.seq ?? Number.POSITIVE_INFINITY;
    const ready = this.waiters.filter((w) => w.seq < oldest);
    this.waiters = this.waiters.filter((w) => w.seq >= oldest);
    for (const w of ready) w.resolve();
  }
}

/**
 * PostgreSQL refusals that a retry cannot change: a missing user or project (23503), data that
 * does not fit (class 22), a violated check or not-null (23502, 23514).
 */
function isPermanent(error: unknown): boolean {
  const code = pgCode(error);
  return code !== null && (code.startsWith('22') || ['23502', '23503', '23514'].includes(code));
}

function pgCode(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return null;
}
