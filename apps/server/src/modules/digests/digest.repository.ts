import type { TNotificationFrequency } from '@parley/contract';
import { and, desc, eq, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collections, type DigestSummary, digestSchedules, digestSends, users } from '../../db/schema';
import type { WeekStart } from './digest-schedule';

/** What a collection's schedule is planned from: its frequency and its owner's zone and week. */
export interface DigestPlanInput {
  collectionId: string;
  frequency: TNotificationFrequency;
  /** The owner's IANA zone ('UTC' when they have none). */
  timezone: string;
  language: string;
}

/** A schedule whose digest is due. */
export interface DueDigest {
  collectionId: string;
  frequency: TNotificationFrequency;
  timezone: string;
  weekStart: WeekStart;
  nextAt: Date;
}

/** A collection with the owner a digest job acts as. */
export interface DigestOwner {
  collectionId: string;
  name: string;
  frequency: TNotificationFrequency | null;
  userId: string;
  projectId: string;
  email: string;
  userName: string;
  features: string[];
  timezone: string | null;
  language: string;
}

export type DigestSendRow = typeof digestSends.$inferSelect;

const zone = sql<string>`coalesce(${users.timezone}, 'UTC')`;
/** The owner's week start, as lib/time.ts weekStartFor decides it: Sunday for en-US, else Monday. */
const weekStart = sql<WeekStart>`case when ${users.language} = 'en-US' then 'sunday' else 'monday' end`;

/** The only place that reads and writes digest schedules and sends. */
export class DigestRepository {
  constructor(private readonly db: Db) {}

  /**
   * Collections whose digest schedule is missing or was planned for another frequency, time zone
   * or week start than the collection and its owner have now.
   */
  async findUnplanned(): Promise<DigestPlanInput[]> {
    const rows = await this.planInputs()
      .leftJoin(digestSchedules, eq(digestSchedules.collectionId, collections.id))
      .where(
        and(
          isNotNull(collections.notificationFrequency),
          or(
            isNull(digestSchedules.collectionId),
            ne(digestSchedules.frequency, collections.notificationFrequency),
            ne(digestSchedules.timezone, zone),
            ne(digestSchedules.weekStart, weekStart),
          ),
        ),
      );
    return rows.map((r) => ({ ...r, frequency: r.frequency! }));
  }

  /** The plan of one collection, or null when it has no digest. */
  async findPlanInput(collectionId: string): Promise<DigestPlanInput | null> {
    const [row] = await this.planInputs()
      .where(and(eq(collections.id, collectionId), isNotNull(collections.notificationFrequency)))
      .limit(1);
    return row ? { ...row, frequency: row.frequency! } : null;
  }

  /** What a digest's plan reads of a collection and its owner (frequency, time zone, language). */
  private planInputs() {
    return this.db
      .select({
        collectionId: collections.id,
        frequency: collections.notificationFrequency,
        timezone: zone,
        language: users.language,
      })
      .from(collections)
      .innerJoin(users, eq(users.id, collections.userId));
  }

  async upsertSchedule(
    s: { collectionId: string; frequency: TNotificationFrequency; timezone: string; weekStart: WeekStart },
    nextAt: Date,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(digestSchedules)
      .values({ ...s, nextAt, updatedAt: now })
      .onConflictDoUpdate({
        target: digestSchedules.collectionId,
        set: { frequency: s.frequency, timezone: s.timezone, weekStart: s.weekStart, nextAt, updatedAt: now },
      });
  }

  /** Drops the schedule of one collection (no digest any more). */
  async deleteSchedule(collectionId: string): Promise<void> {
    await this.db.delete(digestSchedules).where(eq(digestSchedules.collectionId, collectionId));
  }

  /** Drops schedules of collections whose digest was switched off (deleted ones cascade). */
  async deleteStaleSchedules(): Promise<void> {
    await this.db
      .delete(digestSchedules)
      .where(
        sql`${digestSchedules.collectionId} in (select ${collections.id} from ${collections} where ${collections.notificationFrequency} is null)`,
      );
  }

  /** Schedules due at `now`. */
  async findDue(now: Date): Promise<DueDigest[]> {
    return this.db
      .select({
        collectionId: digestSchedules.collectionId,
        frequency: digestSchedules.frequency,
        timezone: digestSchedules.timezone,
        weekStart: digestSchedules.weekStart,
        nextAt: digestSchedules.nextAt,
      })
      .from(digestSchedules)
      .where(lte(digestSchedules.nextAt, now));
  }

  /** Moves a due schedule on, unless another planner has moved it already. */
  async advance(collectionId: string, from: Date, nextAt: Date, now: Date): Promise<void> {
    await this.db
      .update(digestSchedules)
      .set({ nextAt, updatedAt: now })
      .where(and(eq(digestSchedules.collectionId, collectionId), eq(digestSchedules.nextAt, from)));
  }

  /** The collection and its owner, or null when it is gone. */
  async findOwner(collectionId: string): Promise<DigestOwner | null> {
    const [row] = await this.db
      .select({
        collectionId: collections.id,
        name: collections.name,
        frequency: collections.notificationFrequency,
        userId: users.id,
        projectId: collections.projectId,
        email: users.email,
        userName: users.name,
        features: users.features,
        timezone: users.timezone,
        language: users.language,
      })
      .from(collections)
      .innerJoin(users, eq(users.id, collections.userId))
      .where(eq(collections.id, collectionId))
      .limit(1);
    return row ?? null;
  }

  /**
   * Claims the collection's period for a job: the row is written once (unique collection and
   * period); answers the row as it stands, whoever wrote it.
   */
  async claim(collectionId: string, period: string, jobId: string, now: Date): Promise<DigestSendRow> {
    await this.db
      .insert(digestSends)
      .values({ collectionId, period, jobId, claimedAt: now })
      .onConflictDoNothing({ target: [digestSends.collectionId, digestSends.period] });
    const [row] = await this.db
      .select()
      .from(digestSends)
      .where(and(eq(digestSends.collectionId, collectionId), eq(digestSends.period, period)))
      .limit(1);
    return row!;
  }

  /** The last digest of the collection that went out before this one (what "changed since" compares with). */
  async findLastSent(collectionId: string, exceptId: string): Promise<DigestSendRow | null> {
    const [row] = await this.db
      .select()
      .from(digestSends)
      .where(
        and(
          eq(digestSends.collectionId, collectionId),
          isNotNull(digestSends.sentAt),
          ne(digestSends.id, exceptId),
        ),
      )
      .orderBy(desc(digestSends.sentAt))
      .limit(1);
    return row ?? null;
  }

  async markSent(id: string, summary: DigestSummary, at: Date): Promise<void> {
    await this.db.update(digestSends).set({ sentAt: at, summary }).where(eq(digestSends.id, id));
  }

  /** The digests of a collection, oldest first (tests, support). */
  async listSends(collectionId: string): Promise<DigestSendRow[]> {
    return this.db
      .select()
      .from(digestSends)
      .where(eq(digestSends.collectionId, collectionId))
      .orderBy(digestSends.claimedAt);
  }

  /** Switches the collection's digest off (the unsubscribe link); answers its name, or null when gone. */
  async switchOff(collectionId: string, now: Date): Promise<string | null> {
    const [row] = await this.db
      .update(collections)
      .set({ notificationFrequency: null, digest: false, updatedAt: now })
      .where(eq(collections.id, collectionId))
      .returning({ name: collections.name });
    if (row) await this.deleteSchedule(collectionId);
    return row?.name ?? null;
  }
}
