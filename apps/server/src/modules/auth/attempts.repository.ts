import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/** At most `max` attempts per `windowMs`; reaching `max` locks the key for `lockMs`. */
export interface LimitRule {
  max: number;
  windowMs: number;
  lockMs: number;
}

export interface HitResult {
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Milliseconds the key stays locked (0 when not locked). */
  lockedMs: number;
}

const MINUTE = 60_000;

/** Failed password sign-ins: per e-mail (credential guessing) and per address (stuffing). */
export const LOGIN_PER_EMAIL: LimitRule = { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
export const LOGIN_PER_ADDRESS: LimitRule = { max: 30, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
/** Link and recovery e-mails sent: per address and per client address. */
export const SENDS_PER_EMAIL: LimitRule = { max: 5, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE };
export const SENDS_PER_ADDRESS: LimitRule = { max: 30, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE };

/** Key helpers, so every module spells keys alike (and account deletion can find them). */
export const limitKeys = {
  loginEmail: (email: string) => `login:email:${email}`,
  loginAddress: (ip: string) => `login:ip:${ip}`,
  sendEmail: (email: string) => `send:email:${email}`,
  sendAddress: (ip: string) => `send:ip:${ip}`,
};

/** Human wording for a wait: "1 minute", "15 minutes". */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Fixed-window attempt counters with lockout, kept in the login_attempts table so every server
 * process sees the same counts (DESIGN §10). The only place that reads and writes that table.
 */
export class AttemptsRepository {
  constructor(private readonly db: Db) {}

  /** The longest remaining lock among the keys, in ms (0 when none is locked). */
  async lockedFor(keys: string[], now = new Date()): Promise<number> {
    if (!keys.length) return 0;
    const rows = await this.db
      .select({ lockedUntil: loginAttempts.lockedUntil })
      .from(loginAttempts)
      .where(inArray(loginAttempts.key, keys));
    return Math.max(0, ...rows.map((r) => (r.lockedUntil ? r.lockedUntil.getTime() - now.getTime() : 0)));
  }

  /** Counts one attempt atomically (one upsert, safe under concurrency) and applies the lock. */
  async hit(key: string, rule: LimitRule, now = new Date()): Promise<HitResult> {
    const nowIso = now.toISOString();
    const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
    const lockUntil = new Date(now.getTime() + rule.lockMs).toISOString();
    const stale = sql`${loginAttempts.windowStart} < ${cutoff}::timestamptz`;
    const next = sql`(case when ${stale} then 1 else ${loginAttempts.failures} + 1 end)`;
    const [row] = await this.db
      .insert(loginAttempts)
      .values({
        key,
        failures: 1,
        windowStart: now,
        lockedUntil: rule.max <= 1 ? new Date(lockUntil) : null,
      })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: next,
          windowStart: sql`(case when ${stale} then ${nowIso}::timestamptz else ${loginAttempts.windowStart} end)`,
          lockedUntil: sql`(case when ${next} >= ${rule.max} then ${lockUntil}::timestamptz else ${loginAttempts.lockedUntil} end)`,
        },
      })
      .returning();
    const lockedMs = row?.lockedUntil ? Math.max(0, row.lockedUntil.getTime() - now.getTime()) : 0;
    return { count: row?.failures ?? 1, lockedMs };
  }

  /** Forgets a key (a successful sign-in clears its e-mail's failures). */
  async reset(key: string): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.key, key));
  }

  async deleteKeys(keys: string[]): Promise<void> {
    if (keys.length) await this.db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
  }
}
