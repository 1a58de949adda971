import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, projects } from '../../db/schema';

export interface ProjectRow {
  id: string;
  name: string;
  favicon: string | null;
}

/** Projects and who belongs to them. */
export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  /** The projects a user belongs to, by name: the one query tenant, profile and switcher share. */
  listForUser(userId: string): Promise<ProjectRow[]> {
    return this.db
      .select({ id: projects.id, name: projects.name, favicon: projects.favicon })
      .from(memberships)
      .innerJoin(projects, eq(projects.id, memberships.projectId))
      .where(eq(memberships.userId, userId))
      .orderBy(projects.name);
  }

  async listIds(): Promise<string[]> {
    const rows = await this.db.select({ id: projects.id }).from(projects);
    return rows.map((r) => r.id);
  }

  /** Creates the project or gives it this name (the default project exists from the migrations). */
  async upsert(id: string, name: string): Promise<void> {
    await this.db
      .insert(projects)
      .values({ id, name })
      .onConflictDoUpdate({ target: projects.id, set: { name } });
  }

  async addMember(userId: string, projectId: string): Promise<void> {
    await this.db.insert(memberships).values({ userId, projectId }).onConflictDoNothing();
  }
}
