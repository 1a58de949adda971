import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens } from '../../db/schema';

export type TokenPurpose = 'login' | 'signup' | 'recover';
export interface TokenRow {
  email: string;
  purpose: TokenPurpose;
  projectId: string | null;
}

/** The only place that reads and writes e-mail link tokens (stored hashed). */
export class TokensRepository {
  constructor(private readonly db: Db) {}

  /** Stores a link's token by its hash: a copy of the table opens no link. */
  async insert(values: {
    id: string;
    email: string;
    purpose: TokenPurpose;
    projectId: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(authTokens).values(values);
  }

  /**
   * Uses a token once: a single UPDATE … WHERE used_at IS NULL … RETURNING, so two concurrent
   * uses cannot both succeed. Null when unknown, used, expired, of another purpose or e-mail.
   */
  async consume(id: string, purposes: TokenPurpose[], email?: string): Promise<TokenRow | null> {
    const now = new Date();
    const [row] = await this.db
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.id, id),
          inArray(authTokens.purpose, purposes),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
          email === undefined ? undefined : eq(authTokens.email, email),
        ),
      )
      .returning({ email: authTokens.email, purpose: authTokens.purpose, projectId: authTokens.projectId });
    return (row as TokenRow | undefined) ?? null;
  }

  /** A usable token without using it (the recovery link only leads to the reset form). */
  async findUsable(id: string, purpose: TokenPurpose): Promise<TokenRow | null> {
    const [row] = await this.db
      .select({ email: authTokens.email, purpose: authTokens.purpose, projectId: authTokens.projectId })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.id, id),
          eq(authTokens.purpose, purpose),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return (row as TokenRow | undefined) ?? null;
  }

  /** Marks every open token of an address used (after a password change or reset). */
  async revokeAll(email: string): Promise<void> {
    await this.db
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.email, email), isNull(authTokens.usedAt)));
  }
}
