import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, projects } from '../../db/schema';

export interface ProjectRow {
  id: string;
  name: string;
  favicon: string | null;
}

/** The projects a user belongs to, by name: the one query tenant, profile and switcher share. */
export function listUserProjects(db: Db, userId: string): Promise<ProjectRow[]> {
  return db
    .select({ id: projects.id, name: projects.name, favicon: projects.favicon })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(eq(memberships.userId, userId))
    .orderBy(projects.name);
}

/** Reads the projects a user belongs to. */
export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  listForUser(userId: string): Promise<ProjectRow[]> {
    return listUserProjects(this.db, userId);
  }
}
