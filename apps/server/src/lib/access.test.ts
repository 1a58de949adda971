import { describe, expect, it } from 'vitest';
import { AccessPolicy, type Actor, type QuotaGate } from './access';
import { Forbidden, NotFound, QuotaExceeded } from './errors';

const actor: Actor = {
  userId: 'u1',
  email: 'a@example.com',
  name: 'A',
  features: ['CONVERSATIONS'],
  timezone: null,
  language: 'en-US',
  projectId: 'p1',
};

describe('requireAccess', () => {
  it('refuses a feature the actor lacks, allows one they hold', async () => {
    const access = new AccessPolicy();
    await expect(access.requireAccess(actor, { feature: 'COLLECTIONS' })).rejects.toBeInstanceOf(Forbidden);
    await expect(access.requireAccess(actor, { feature: 'CONVERSATIONS' })).resolves.toBeUndefined();
  });

  it('answers 404 alike for a missing resource, another user’s and another project’s', async () => {
    const access = new AccessPolicy();
    const need = (resource: { userId: string; projectId: string } | null) => ({
      resource,
      notFoundMessage: 'Question not found!',
    });
    for (const resource of [null, { userId: 'u2', projectId: 'p1' }, { userId: 'u1', projectId: 'p2' }]) {
      const err = await access.requireAccess(actor, need(resource)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NotFound);
      expect((err as Error).message).toBe('Question not found!');
    }
    await expect(
      access.requireAccess(actor, need({ userId: 'u1', projectId: 'p1' })),
    ).resolves.toBeUndefined();
  });

  it('asks the quota gate only after the feature check passed', async () => {
    const asked: string[] = [];
    const gate: QuotaGate = {
      check: async (_a, kind) => {
        asked.push(kind);
        throw new QuotaExceeded('Your Free plan allows 300 conversations a month.');
      },
    };
    const access = new AccessPolicy(gate);
    await expect(
      access.requireAccess(actor, { feature: 'COLLECTIONS', quota: 'collections' }),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(asked).toEqual([]);
    await expect(
      access.requireAccess(actor, { feature: 'CONVERSATIONS', quota: 'conversations' }),
    ).rejects.toThrow('Your Free plan allows 300 conversations a month.');
    expect(asked).toEqual(['conversations']);
  });
});
