import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, projects } from '../../db/schema';

/** Reads the projects a user belongs to. */
export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  async listForUser(userId: string): Promise<{ id: string; name: string; favicon: string | null }[]> {
    return this.db
      .select({ id: projects.id, name: projects.name, favicon: projects.favicon })
      .from(memberships)
      .innerJoin(projects, eq(projects.id, memberships.projectId))
      .where(eq(memberships.userId, userId))
      .orderBy(projects.name);
  }
}
