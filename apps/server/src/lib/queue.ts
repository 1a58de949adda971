/** The one job queue of the app (DESIGN §7), as services see it: mail and digests go through it; jobs/ implements it over pg-boss. */

/** What a handler learns about the job it runs. */
export interface JobInfo {
  id: string;
  name: string;
  /** 0 on the first run, then 1, 2, … on retries. */
  retryCount: number;
}

/** Runs one job; a throw fails this attempt, retried with backoff until the retry limit. */
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

/** A kind of job: its name, handler and how it is retried. */
export interface JobDefinition<T = never> {
  name: string;
  handler: JobHandler<T>;
  /** Retries after a failed attempt (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry, doubled for each later one (default 30). */
  retryDelaySeconds?: number;
  /**
   * A job still running after this long is taken to have died with its process and runs again
   * (default 15 minutes): a restart loses no job.
   */
  expireInSeconds?: number;
}

export interface EnqueueOptions {
  /**
   * Idempotency key: a second job of the same name and key is not enqueued while the first is
   * waiting, running or kept after completion (12 hours). Longer-lived uniqueness (a digest per
   * collection and period) is the caller's, in its own table.
   */
  key?: string;
  /** Not before this time. */
  startAfter?: Date;
}

export interface JobQueue {
  /** Declares a kind of job; every process (web, worker, tests) declares the same ones. */
  define<T>(definition: JobDefinition<T>): void;
  /** Stores a job durably; answers its id, or null when its key was enqueued already. */
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  /** A cron schedule (`* * * * *`) that enqueues job `name` once per slot across all processes. */
  schedule(name: string, cron: string, options?: { tz?: string }): Promise<void>;
  /**
   * Creates the queue's storage and every defined queue, once, before the process takes traffic:
   * an enqueue never has to create them while others are being created (the first start's deadlock).
   */
  prepare(): Promise<void>;
  /** Starts fetching and running every defined job in this process (the worker). */
  work(): Promise<void>;
  /**
   * Runs, in this process, every job of `name` that is due now, and waits for the ones this
   * process is already running: for tests and for "flush" before a check. Answers how many ran.
   */
  drain(name: string): Promise<number>;
  /** Stops fetching, lets running jobs finish (up to a timeout) and releases the database. */
  stop(): Promise<void>;
}
