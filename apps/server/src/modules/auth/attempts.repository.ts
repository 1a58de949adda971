import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/** At most `max` attempts per `windowMs`; reaching `max` locks the key for `lockMs`. */
export interface LimitRule {
  max: number;
  windowMs: number;
  lockMs: number;
}

/** One attempt taken under a rule, so it can be given back (by the window it was taken in). */
export interface Taken {
  key: string;
  rule: LimitRule;
  windowStart: Date;
}

/** Every attempt taken, or the wait of the first key that had none left (nothing is then kept). */
export type TakeResult = { ok: true; taken: Taken[] } | { ok: false; lockedMs: number };

const MINUTE = 60_000;

/**
 * Password sign-ins. An attempt is taken from each limit that applies before the password is
 * checked, so however many guesses arrive at once, no more are checked than the limits allow:
 * - per (account, address), always: bounds any one address on any one account;
 * - per account across addresses (guessing) and per address across accounts (stuffing): only
 *   from addresses the account has not signed in from with its password lately (KNOWN_ADDRESS_MS).
 * Why: a lock that strangers, a crowd of addresses or everyone behind one proxy can reach must not
 * shut out the owner, and an address the password was entered from is the sign of the owner a
 * stranger cannot make up. So one account gets at most LOGIN_PER_EMAIL checks per window from new
 * addresses plus the pair limit at each of the owner's; strangers lock only each other out.
 * A success clears the account's and the pair's counts and gives its address attempt back.
 */
export const LOGIN_PER_EMAIL: LimitRule = { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
export const LOGIN_PER_ADDRESS: LimitRule = { max: 30, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
export const LOGIN_PER_EMAIL_AND_ADDRESS: LimitRule = { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
/** How long an address an account signed in from with its password counts as the owner's. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;
/** Link and recovery e-mails sent: per address and per client address. */
export const SENDS_PER_EMAIL: LimitRule = { max: 5, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE };
export const SENDS_PER_ADDRESS: LimitRule = { max: 30, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE };

/** Key helpers, so every module spells keys alike (and account deletion can find them). */
export const limitKeys = {
  loginEmail: (email: string) => `login:email:${email}`,
  loginAddress: (ip: string) => `login:ip:${ip}`,
  loginPair: (email: string, ip: string) => `${limitKeys.loginPairsOf(email)}${ip}`,
  knownAddress: (email: string, ip: string) => `${limitKeys.knownAddressesOf(email)}${ip}`,
  /** Prefixes of an e-mail's per-address keys (an e-mail's domain has no `|`, so none is another's). */
  loginPairsOf: (email: string) => `login:pair:${email}|`,
  knownAddressesOf: (email: string) => `login:known:${email}|`,
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
 * process sees the same counts (DESIGN §10), and the addresses accounts signed in from. The only
 * place that reads and writes that table.
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

  /**
   * Takes one attempt from the key if it has one left, in one statement (so concurrent takers
   * never exceed `max`); null when the key is at its limit. A lock, once set, lasts its `lockMs`;
   * when it ends (or an unlocked window passes) counting starts afresh.
   */
  async take(key: string, rule: LimitRule, now = new Date()): Promise<Taken | null> {
    const nowIso = now.toISOString();
    const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
    const lockUntil = new Date(now.getTime() + rule.lockMs);
    const c = loginAttempts;
    const fresh = sql`(case when ${c.lockedUntil} is null then ${c.windowStart} < ${cutoff}::timestamptz
      else ${c.lockedUntil} <= ${nowIso}::timestamptz end)`;
    const next = sql`(case when ${fresh} then 1 else ${c.failures} + 1 end)`;
    const [row] = await this.db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStart: now, lockedUntil: rule.max <= 1 ? lockUntil : null })
      .onConflictDoUpdate({
        target: c.key,
        set: {
          failures: next,
          windowStart: sql`(case when ${fresh} then ${nowIso}::timestamptz else ${c.windowStart} end)`,
          lockedUntil: sql`(case when ${next} >= ${rule.max} then ${lockUntil.toISOString()}::timestamptz end)`,
        },
        setWhere: sql`${fresh} or ${c.failures} < ${rule.max}`,
      })
      .returning({ windowStart: c.windowStart });
    return row ? { key, rule, windowStart: row.windowStart } : null;
  }

  /** Takes an attempt from every key in order; if one has none left, gives back those taken. */
  async takeAll(limits: [key: string, rule: LimitRule][], now = new Date()): Promise<TakeResult> {
    const taken: Taken[] = [];
    for (const [key, rule] of limits) {
      const t = await this.take(key, rule, now);
      if (!t) {
        await Promise.all(taken.map((x) => this.giveBack(x)));
        return { ok: false, lockedMs: await this.lockedFor([key], now) };
      }
      taken.push(t);
    }
    return { ok: true, taken };
  }

  /** Returns an attempt to its key, unless that key's window has started afresh since. */
  async giveBack(t: Taken): Promise<void> {
    const c = loginAttempts;
    await this.db
      .update(loginAttempts)
      .set({
        failures: sql`greatest(${c.failures} - 1, 0)`,
        lockedUntil: sql`(case when ${c.failures} - 1 < ${t.rule.max} then null else ${c.lockedUntil} end)`,
      })
      .where(and(eq(c.key, t.key), eq(c.windowStart, t.windowStart)));
  }

  /** Forgets an e-mail's sign-in counts and the addresses it signed in from (a new password). */
  async clearSignInsOf(email: string): Promise<void> {
    const prefixes = [limitKeys.loginPairsOf(email), limitKeys.knownAddressesOf(email)];
    await this.db
      .delete(loginAttempts)
      .where(
        or(
          eq(loginAttempts.key, limitKeys.loginEmail(email)),
          ...prefixes.map((p) => sql`starts_with(${loginAttempts.key}, ${p})`),
        ),
      );
  }

  /** Notes that `key` happened now (the address an account signed in from). */
  async remember(key: string, now = new Date()): Promise<void> {
    await this.db
      .insert(loginAttempts)
      .values({ key, failures: 0, windowStart: now, lockedUntil: null })
      .onConflictDoUpdate({ target: loginAttempts.key, set: { windowStart: now } });
  }

  /** Whether `key` was noted within the last `withinMs`. */
  async remembered(key: string, withinMs: number, now = new Date()): Promise<boolean> {
    const rows = await this.db
      .select({ key: loginAttempts.key })
      .from(loginAttempts)
      .where(
        and(eq(loginAttempts.key, key), gte(loginAttempts.windowStart, new Date(now.getTime() - withinMs))),
      );
    return rows.length > 0;
  }

  /**
   * Deletes what no rule reads any more: unlocked counters whose window ended a day ago (every window
   * is shorter) and addresses last signed in from longer ago than KNOWN_ADDRESS_MS. Answers how many.
   */
  async prune(now = new Date()): Promise<number> {
    const dayAgo = new Date(now.getTime() - 24 * 60 * MINUTE);
    const knownCutoff = new Date(now.getTime() - KNOWN_ADDRESS_MS);
    const known = sql`starts_with(${loginAttempts.key}, 'login:known:')`;
    const rows = await this.db
      .delete(loginAttempts)
      .where(
        or(
          and(known, lt(loginAttempts.windowStart, knownCutoff)),
          and(
            sql`not ${known}`,
            lt(loginAttempts.windowStart, dayAgo),
            or(isNull(loginAttempts.lockedUntil), lt(loginAttempts.lockedUntil, now)),
          ),
        ),
      )
      .returning({ key: loginAttempts.key });
    return rows.length;
  }

  /** Drops counters outright: a successful sign-in clears its account's. */
  async deleteKeys(keys: string[]): Promise<void> {
    if (keys.length) await this.db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
  }
}
