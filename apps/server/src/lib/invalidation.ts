import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';

/**
 * What changed, each with the key that says which one. Processes keep short copies of these
 * (lib/ttl-cache.ts and the memos of the modules named); a write publishes its topic and key once
 * it is committed, and every process drops its copy.
 */
export type InvalidationTopic =
  /** A session ended (logout, replaced, expired): key = session id. */
  | 'session'
  /** A user changed (profile, password, memberships) or was deleted: key = user id; their sessions' copies go. */
  | 'user'
  /** An owner's sources or default source changed: key = `${userId}:${projectId}`. */
  | 'owned-sources'
  /** A source's row changed or went: key = source id; its connector, model and cached results go. */
  | 'source'
  /** The sync job refreshed a copied source's data: key = source id; it is resolved again. */
  | 'source-synced'
  /** The model of a source changed (learned words): key = source id (or 'demo'). */
  | 'model'
  /** A user's subscription row changed: key = user id. */
  | 'subscription'
  /** An owner's verified questions of a source changed: key = `${userId}:${projectId}:${sourceKey}`. */
  | 'verified';

const TOPICS = new Set<string>([
  'session',
  'user',
  'owned-sources',
  'source',
  'source-synced',
  'model',
  'subscription',
  'verified',
]);

/** Called with the key that changed, or null when any may have (notices were missed): drop them all. */
export type InvalidationHandler = (key: string | null) => void;

/** The PostgreSQL channel every process of an install listens on. */
export const INVALIDATION_CHANNEL = 'parley_invalidate';

/** What travels on the channel: the topic, its key, and the sending bus (which skips its own). */
interface Notice {
  topic: InvalidationTopic;
  key: string;
  sender: string;
}

/** Tells every process of the install that something changed; each drops its copy of it. */
export interface InvalidationBus {
  /**
   * Delivers to this process's subscribers at once, then to every other process. Call it after
   * the write committed; it never throws (a notice that could not be sent is logged, and the
   * other processes' copies run out by their time).
   */
  publish(topic: InvalidationTopic, key: string): Promise<void>;
  /** Runs `handler` for every notice of `topic`, from this process or another; answers an unsubscribe. */
  subscribe(topic: InvalidationTopic, handler: InvalidationHandler): () => void;
  /**
   * Whether notices from other processes reach this one now. While they do not (not yet listening,
   * or the connection dropped), copies must not be kept: a change made meanwhile would be missed.
   */
  readonly live: boolean;
  /** Starts receiving other processes' notices (PostgreSQL); resolves once listening. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

/** One process owns the database (PGlite): every change is made here, so delivery stays in process. */
export class LocalInvalidationBus implements InvalidationBus {
  private readonly handlers = new Map<InvalidationTopic, Set<InvalidationHandler>>();

  constructor(protected readonly log?: FastifyBaseLogger) {}

  get live(): boolean {
    return true;
  }

  async publish(topic: InvalidationTopic, key: string): Promise<void> {
    this.deliver(topic, key);
  }

  subscribe(topic: InvalidationTopic, handler: InvalidationHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  async listen(): Promise<void> {}

  async close(): Promise<void> {}

  protected deliver(topic: InvalidationTopic, key: string | null): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(key);
      } catch (err) {
        this.log?.error({ err, topic }, 'dropping a cached copy failed');
      }
    }
  }

  /** Every topic, every key: after notices may have been missed. */
  protected deliverAll(): void {
    for (const topic of this.handlers.keys()) this.deliver(topic, null);
  }
}

/** Waits after a lost LISTEN connection: doubling from the first to the last, then the last again. */
const RECONNECT_MS = { first: 100, max: 5_000 } as const;

export interface PostgresInvalidationBusDeps {
  /** The database URL the LISTEN connection opens (its own connection, outside the pool). */
  url: string;
  /** The app's database, whose pool sends the notices. */
  database: Pick<Database, 'db'>;
  log: FastifyBaseLogger;
  /** Waits before listening again after a lost connection (RECONNECT_MS unless a test shortens them). */
  reconnectMs?: { first: number; max: number };
}

/**
 * Several processes share PostgreSQL (DESIGN §10): a notice is sent with NOTIFY on the app's pool
 * (after the write committed) and heard by every process on one dedicated connection doing LISTEN.
 * That connection is opened again with backoff when it drops; each time it is (re)established every
 * copy is dropped, since notices sent while nobody listened are lost.
 */
export class PostgresInvalidationBus extends LocalInvalidationBus {
  /** This bus's id in its notices: a process skips its own, delivered locally already. */
  readonly sender = randomUUID();
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private started: Promise<void> | null = null;
  /** Resolves `listen()`: once first listening, or when closed before that. */
  private onListening: (() => void) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(private readonly deps: PostgresInvalidationBusDeps) {
    super(deps.log);
  }

  override get live(): boolean {
    return this.listening;
  }

  override async publish(topic: InvalidationTopic, key: string): Promise<void> {
    this.deliver(topic, key);
    const notice: Notice = { topic, key, sender: this.sender };
    try {
      await this.deps.database.db.execute(
        sql`select pg_notify(${INVALIDATION_CHANNEL}, ${JSON.stringify(notice)})`,
      );
    } catch (err) {
      this.log?.warn({ err, topic }, 'an invalidation notice could not be sent');
    }
  }

  override listen(): Promise<void> {
    this.started ??= new Promise((resolve) => {
      this.onListening = resolve;
      this.connect();
    });
    return this.started;
  }

  override async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    this.onListening?.();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): void {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.deps.url,
      keepAlive: true,
      application_name: 'parley-invalidation',
    });
    this.client = client;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      this.listening = false;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (this.closed) return;
      this.log?.warn({ err, attempt: this.failures + 1 }, 'invalidation channel lost; listening again');
      const { first, max } = this.deps.reconnectMs ?? RECONNECT_MS;
      const wait = Math.min(first * 2 ** this.failures, max);
      this.failures++;
      this.retry = setTimeout(() => this.connect(), wait);
      this.retry.unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel !== INVALIDATION_CHANNEL || !message.payload) return;
      const notice = parseNotice(message.payload);
      if (notice && notice.sender !== this.sender) this.deliver(notice.topic, notice.key);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${INVALIDATION_CHANNEL}`))
      .then(() => {
        if (lost || this.closed) return;
        this.failures = 0;
        this.listening = true;
        // Whatever was copied before now may have changed unheard.
        this.deliverAll();
        this.onListening?.();
      })
      .catch((err: Error) => onLost(err));
  }
}

function parseNotice(payload: string): Notice | null {
  try {
    const value = JSON.parse(payload) as Partial<Notice>;
    if (typeof value.topic !== 'string' || !TOPICS.has(value.topic)) return null;
    if (typeof value.key !== 'string' || typeof value.sender !== 'string') return null;
    return value as Notice;
  } catch {
    return null;
  }
}

/** The bus for an app database: in process on PGlite, LISTEN/NOTIFY on PostgreSQL. */
export function createInvalidationBus(
  database: Database,
  url: string | undefined,
  log: FastifyBaseLogger,
): InvalidationBus {
  return database.kind === 'postgres' && url
    ? new PostgresInvalidationBus({ url, database, log })
    : new LocalInvalidationBus(log);
}
