import { createHash } from 'node:crypto';
import type { OAuthRepository } from './oauth.repository';

/** SHA-256 of a model's record id: the only form an id (a code, a token) is stored in. */
export function recordKey(model: string, id: string): string {
  return createHash('sha256').update(`${model}:${id}`).digest('hex');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The storage interface oidc-provider calls (its `adapter` option), one instance per model. */
export interface ProviderAdapter {
  upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void>;
  find(id: string): Promise<Record<string, unknown> | undefined>;
  findByUserCode(code: string): Promise<undefined>;
  findByUid(uid: string): Promise<Record<string, unknown> | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/**
 * The adapter class oidc-provider instantiates per model, over the app database. The payload is
 * stored without its `jti` (the code or token itself) and given it back from the id asked for;
 * expiry is read with the app's clock, so tests can let a code go stale.
 */
export function databaseAdapter(
  repo: OAuthRepository,
  clock: () => Date,
): new (
  model: string,
) => ProviderAdapter {
  return class DatabaseAdapter implements ProviderAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void> {
      const { jti: _id, ...rest } = payload;
      const now = clock();
      const accountId =
        typeof payload.accountId === 'string' && UUID.test(payload.accountId) ? payload.accountId : null;
      const grantId = this.model === 'Grant' ? id : (payload.grantId as string | undefined);
      await repo.upsert({
        idHash: recordKey(this.model, id),
        model: this.model,
        grantId: grantId ?? null,
        uidHash: typeof payload.uid === 'string' ? recordKey(this.model, payload.uid) : null,
        userId: accountId,
        clientId:
          (payload.clientId as string | undefined) ?? (payload.client_id as string | undefined) ?? null,
        payload: rest,
        expiresAt: new Date(now.getTime() + (expiresIn > 0 ? expiresIn : 365 * 86_400) * 1000),
        createdAt: now,
      });
    }

    async find(id: string): Promise<Record<string, unknown> | undefined> {
      const row = await repo.find(recordKey(this.model, id));
      if (!row || row.expiresAt <= clock()) return undefined;
      return {
        ...row.payload,
        jti: id,
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    async findByUserCode(): Promise<undefined> {
      return undefined; // no device flow
    }

    async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
      const row = await repo.findByUid(this.model, recordKey(this.model, uid));
      if (!row || row.expiresAt <= clock()) return undefined;
      return row.payload;
    }

    async consume(id: string): Promise<void> {
      await repo.consume(recordKey(this.model, id), clock());
    }

    async destroy(id: string): Promise<void> {
      await repo.destroy(recordKey(this.model, id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await repo.revokeGrant(grantId);
    }
  };
}
