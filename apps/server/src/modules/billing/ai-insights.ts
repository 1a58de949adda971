import type { AccessPolicy, Actor } from '../../lib/access';
import { QuotaExceeded } from '../../lib/errors';

/**
 * The AI-insight quota as the answer path spends it (AskContext.aiInsights): one unit per request
 * to the model, taken by the same race-free counter as conversations. Over the limit the answer
 * keeps its computed insights instead of failing: spec 2 §8 has no message for it, the question
 * itself was within the plan's conversations, and AI insights only ever sit beside computed ones
 * (DESIGN §6), so a 403 would throw away an answer the plan allows.
 */
export function aiInsightsQuota(access: AccessPolicy, actor: Actor): () => Promise<boolean> {
  return async () => {
    try {
      await access.requireAccess(actor, { quota: 'gpt_insights' });
      return true;
    } catch (error) {
      if (error instanceof QuotaExceeded) return false;
      throw error;
    }
  };
}
