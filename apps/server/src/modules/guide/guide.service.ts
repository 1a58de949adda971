import type { TGuideState, TGuideUpdateBody } from '@parley/contract';
import type { AccessPolicy, Actor } from '../../lib/access';
import type { DatasourcesRepository } from '../datasources/datasources.repository';
import { ownActiveSources } from '../datasources/source-resolver';
import type { GuideRepository, GuideRow } from './guide.repository';

/** How many assistants (Alexa, Teams, MCP) the user has linked; none can be linked yet. */
export type LinkedAssistants = (actor: Actor) => Promise<number>;

export interface GuideOptions {
  /** Counts the user's linked assistants; the assistants module hands its own in when it lands. */
  linkedAssistants?: LinkedAssistants;
}

/** What the guide service is built from (services.ts). */
export interface GuideDeps {
  repo: GuideRepository;
  sources: Pick<DatasourcesRepository, 'ownedSources'>;
  access: AccessPolicy;
  options: GuideOptions;
  clock: () => Date;
}

/**
 * The dashboard's Getting started guide: each step read from real state (the user's own active
 * sources, their linked assistants), the user's skip and dismissal stored per user and project.
 */
export class GuideService {
  private readonly linkedAssistants: LinkedAssistants;

  constructor(private readonly deps: GuideDeps) {
    this.linkedAssistants = deps.options.linkedAssistants ?? (async () => 0);
  }

  /** GET /features/guide. Every signed-in user has the guide; it reads only their own rows. */
  async get(actor: Actor): Promise<TGuideState> {
    await this.deps.access.requireAccess(actor, {});
    return this.stateOf(actor, await this.deps.repo.find(actor));
  }

  /** PUT /features/guide: skip (or un-skip) the assistant step, dismiss (or show again) the guide. */
  async update(actor: Actor, body: TGuideUpdateBody): Promise<TGuideState> {
    await this.deps.access.requireAccess(actor, {});
    const now = this.deps.clock();
    const at = (on: boolean | undefined) => (on === undefined ? undefined : on ? now : null);
    const values = {
      ...(body.assistant_skipped === undefined ? {} : { assistantSkippedAt: at(body.assistant_skipped) }),
      ...(body.dismissed === undefined ? {} : { dismissedAt: at(body.dismissed) }),
    };
    const row =
      Object.keys(values).length > 0
        ? await this.deps.repo.save(actor, values, now)
        : await this.deps.repo.find(actor);
    return this.stateOf(actor, row);
  }

  private async stateOf(actor: Actor, row: GuideRow | null): Promise<TGuideState> {
    const [owned, linked] = await Promise.all([
      this.deps.sources.ownedSources(actor),
      this.linkedAssistants(actor),
    ]);
    const count = ownActiveSources(owned.rows).length;
    const skipped = row?.assistantSkippedAt != null;
    const dataDone = count > 0;
    const assistantDone = linked > 0;
    return {
      data_source: { done: dataDone, count },
      assistant: { done: assistantDone, skipped: skipped && !assistantDone, linked },
      all_set: dataDone && (assistantDone || skipped),
      dismissed: row?.dismissedAt != null,
    };
  }
}
