import { randomBytes } from 'node:crypto';
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { stringify } from '../../lib/shared-json';
import type { NewConversationItem, Owner } from './conversations.repository';

/** What history is written through: the app's logger, or the console where a test builds a writer alone. */
export interface HistoryLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** One answered question as history stores it: its owner's ids and the item. */
export type HistoryRow = Owner & NewConversationItem;

/** A journal file this large is closed and a new one begun; the old one goes once all its items are stored. */
const ROTATE_BYTES = 4 * 1024 * 1024;
const FILE = /^history-(\d+)-[0-9a-f]+\.jsonl$/;

export interface JournalFile {
  path: string;
  /** Open for appending while it is the current file; null once closed (or replayed from a past run). */
  fd: number | null;
  bytes: number;
  /** Its items not yet stored: at 0 the file is emptied (current) or deleted (older). */
  pending: number;
}

/**
 * The journal files of embedded mode under DATA_DIR/journal: an answered question is appended
 * (one `write` for the items of one turn of the event loop) before its asker is answered, and its
 * file goes once the database holds every item in it. Each process writes its own files
 * (`history-<pid>-<random>.jsonl`); those of processes no longer running are read back at start.
 * The journal survives a crash of the process, not of the machine (no fsync per answer).
 */
export class HistoryJournal {
  private current: JournalFile | null = null;
  private readonly files = new Set<JournalFile>();
  /** Journal lines of this turn of the event loop, written together (`append`). */
  private lines: { line: string; resolve: (file: JournalFile | null) => void }[] = [];
  private stopped = false;

  constructor(
    private readonly options: {
      dir: string;
      log: HistoryLog;
      /** Size at which a new journal file is begun (tests make it small). */
      rotateBytes?: number;
    },
  ) {}

  /**
   * Appends an item with the others written in the same turn of the event loop (one `write` for
   * the answers of one poll, not one each); resolves with the file it went to, or null when it
   * could not be written.
   */
  append(row: HistoryRow): Promise<JournalFile | null> {
    return new Promise((resolve) => {
      // A shared card's JSON text is remembered: a repeated answer's line costs little to write.
      this.lines.push({ line: `${stringify(row)}\n`, resolve });
      if (this.lines.length === 1) setImmediate(() => this.appendLines());
    });
  }

  /** One item of `file` is stored: a file whose items all are is emptied (the current one) or deleted. */
  stored(file: JournalFile): void {
    file.pending--;
    if (file.pending === 0) this.release(file);
  }

  /**
   * The items journalled by processes that stopped before storing them (and by this pid: a
   * container restarted as pid 1), with the file each came from; files read before are skipped.
   */
  leftovers(): { file: JournalFile; rows: HistoryRow[] }[] {
    let names: string[];
    try {
      names = readdirSync(this.options.dir);
    } catch {
      return [];
    }
    const found: { file: JournalFile; rows: HistoryRow[] }[] = [];
    for (const name of names) {
      const match = FILE.exec(name);
      const path = join(this.options.dir, name);
      if (!match || [...this.files].some((f) => f.path === path)) continue;
      const pid = Number(match[1]);
      if (pid !== process.pid && isRunning(pid)) continue;
      const rows = readJournal(path);
      const file: JournalFile = { path, fd: null, bytes: 0, pending: rows.length };
      this.files.add(file);
      if (file.pending === 0) this.release(file);
      found.push({ file, rows });
    }
    return found;
  }

  /** Appends nothing more: items given later resolve null (their askers wait for the database). */
  stop(): void {
    this.stopped = true;
  }

  /** Closes the files; the current one goes too when every item in it is stored. */
  close(): void {
    for (const file of this.files) {
      if (file.fd !== null) closeSync(file.fd);
      file.fd = null;
    }
    if (this.current && this.current.pending === 0) this.release(this.current);
    this.current = null;
  }

  private appendLines(): void {
    const lines = this.lines;
    this.lines = [];
    let file: JournalFile | null = null;
    if (!this.stopped) {
      try {
        if (!this.current || this.current.bytes > (this.options.rotateBytes ?? ROTATE_BYTES)) this.rotate();
        file = this.current!;
        const bytes = Buffer.from(lines.map((l) => l.line).join(''));
        writeSync(file.fd!, bytes);
        file.bytes += bytes.length;
        file.pending += lines.length;
      } catch (error) {
        file = null;
        this.options.log.error({ err: error }, 'history journal not writable; storing directly');
      }
    }
    for (const l of lines) l.resolve(file);
  }

  private rotate(): void {
    const old = this.current;
    mkdirSync(this.options.dir, { recursive: true });
    const path = join(this.options.dir, `history-${process.pid}-${randomBytes(6).toString('hex')}.jsonl`);
    const file: JournalFile = { path, fd: openSync(path, 'a', 0o600), bytes: 0, pending: 0 };
    this.files.add(file);
    this.current = file;
    if (old) {
      closeSync(old.fd!);
      old.fd = null;
      if (old.pending === 0) this.release(old);
    }
  }

  /** A file whose items are all stored: the current one is emptied, any other deleted. */
  private release(file: JournalFile): void {
    try {
      if (file === this.current && file.fd !== null) {
        ftruncateSync(file.fd, 0);
        file.bytes = 0;
        return;
      }
      this.files.delete(file);
      unlinkSync(file.path);
    } catch (error) {
      this.options.log.warn({ err: error }, 'history journal file not cleaned up');
    }
  }
}

/** The items of a journal file; a line cut short by the crash (the last one) is skipped. */
function readJournal(path: string): HistoryRow[] {
  const rows: HistoryRow[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const row = JSON.parse(line) as HistoryRow & { createdAt: string };
      if (typeof row.id !== 'string' || typeof row.userId !== 'string') continue;
      rows.push({ ...row, createdAt: new Date(row.createdAt) });
    } catch {
      // The torn last line of a process that died mid-write: its answer never reached the asker.
    }
  }
  return rows;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
