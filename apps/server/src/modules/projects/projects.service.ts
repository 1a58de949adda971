import type { TProjectsResponse } from '@parley/contract';
import type { Actor } from '../../lib/access';
import { DEFAULT_PROJECT, projectUrl } from './project-url';
import type { ProjectsRepository } from './projects.repository';

/** The product icon, used for projects without a favicon of their own (spec 1 §2.3). */
export const PRODUCT_FAVICON = '/favicon.svg';
// Host labels are checked against the project list at most this often.
const PROJECT_CACHE_MS = 10_000;

/** Projects: which one a host names, and the switcher's list of the user's own projects. */
export class ProjectsService {
  private cache: { ids: Set<string>; at: number } | null = null;

  constructor(
    private readonly repo: ProjectsRepository,
    private readonly publicUrl: string,
  ) {}

  /** The project of a host label, falling back to the default project (spec 1 §1). */
  async resolveProject(label: string | null): Promise<string> {
    if (!label) return DEFAULT_PROJECT;
    const now = Date.now();
    if (!this.cache || now - this.cache.at > PROJECT_CACHE_MS || !this.cache.ids.has(label)) {
      this.cache = { ids: new Set(await this.repo.listIds()), at: now };
    }
    return this.cache.ids.has(label) ? label : DEFAULT_PROJECT;
  }

  /** The project dropdown: the actor's own projects, the current one marked. */
  async list(actor: Actor): Promise<TProjectsResponse> {
    const rows = await this.repo.listForUser(actor.userId);
    return {
      current: actor.projectId,
      projects: rows.map((p) => ({
        id: p.id,
        name: p.name,
        favicon: p.favicon ?? PRODUCT_FAVICON,
        url: projectUrl(this.publicUrl, p.id),
      })),
    };
  }
}
