import type { FeatureKey } from '@parley/contract';
import { Forbidden, NotFound } from './errors';

/**
 * Who is acting: the signed-in user in the project of the request. Built by the session plugin
 * (after authentication and the membership check), passed by routes, jobs and tests to services.
 */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  features: readonly string[];
  /** IANA zone or null: decides the user's "today". */
  timezone: string | null;
  language: string;
  projectId: string;
}

/** The fields of a user an Actor is made of. */
export interface ActorUser {
  id: string;
  email: string;
  name: string;
  features: readonly string[];
  timezone: string | null;
  language: string;
}

/** The user acting in a project: a session's request (session.plugin) or an assistant's (assistants/oauth). */
export function actorOfUser(user: ActorUser, projectId: string): Actor {
  const { id: userId, email, name, features, timezone, language } = user;
  return { userId, email, name, features, timezone, language, projectId };
}

/** What a job reads about the user it runs for (a digest's or a report's owner). */
export interface JobOwner {
  userId: string;
  projectId: string;
  email: string;
  userName: string;
  features: readonly string[];
  timezone: string | null;
  language: string;
}

/** The actor a scheduled job acts as: its owner, as a request of theirs would. */
export function actorOf(owner: JobOwner): Actor {
  const { userId, projectId, email, userName, features, timezone, language } = owner;
  return { userId, projectId, email, name: userName, features, timezone, language };
}

/** What a plan limits (spec 2 §9); modules/billing counts them. */
export type QuotaKind =
  | 'conversations'
  | 'gpt_insights'
  | 'collections'
  | 'cards_per_collection'
  | 'digests'
  | 'alerts';

/** Decides whether one more unit of a quota fits; throws QuotaExceeded naming the limit and plan. */
export interface QuotaGate {
  /** `usage`: the count this action would reach, when the caller knows it (cards in a collection). */
  check(actor: Actor, kind: QuotaKind, usage?: number, frequency?: string): Promise<void>;
}

/** No plan limits: what every account has until plans and billing land. */
export const unlimitedQuotas: QuotaGate = { check: async () => {} };

/** A row a service is about to read or change, with the keys that say whose it is. */
export interface OwnedResource {
  userId: string;
  projectId: string;
}

export interface AccessRequirement {
  /** The feature key the user must hold (spec 1 §3). */
  feature?: FeatureKey;
  /** A plan quota one more unit of which this action spends. */
  quota?: QuotaKind;
  /** The count of `quota` after this action, when it is per resource (cards_per_collection). */
  usage?: number;
  /** The digest frequency a collection chooses (quota 'digests'). */
  frequency?: string;
  /**
   * The resource acted on, once loaded: it must be the actor's, in the actor's project. Absent
   * (null) and foreign answer the same 404, so ids of others tell nothing.
   */
  resource?: OwnedResource | null;
  /** The 404 message for a missing resource ('Question not found!'). */
  notFoundMessage?: string;
}

/**
 * Access and quota decided in one place (Immich's `requireAccess`): every service method that
 * touches a user's data starts with `await access.requireAccess(actor, { … })`.
 */
export class AccessPolicy {
  constructor(private readonly quotas: QuotaGate = unlimitedQuotas) {}

  async requireAccess(actor: Actor, need: AccessRequirement): Promise<void> {
    if (need.feature && !actor.features.includes(need.feature)) {
      throw new Forbidden('This feature is not enabled for your account.');
    }
    if ('resource' in need) {
      const r = need.resource;
      if (!r || r.userId !== actor.userId || r.projectId !== actor.projectId) {
        throw new NotFound(need.notFoundMessage);
      }
    }
    if (need.quota) await this.quotas.check(actor, need.quota, need.usage, need.frequency);
  }
}
