/** The project (account) is the first label of the host name (spec 1 §1). */
export function currentProjectId(hostname: string): string {
  return hostname.split('.')[0] ?? '';
}

/** The same host with its first label replaced by the chosen project id. */
export function projectUrl(
  projectId: string,
  location: { protocol: string; hostname: string; port: string },
): string {
  const labels = location.hostname.split('.');
  labels[0] = projectId;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${labels.join('.')}${port}/`;
}

/** A project's own favicon; the product icon is shown when it fails. */
export function projectFavicon(
  projectId: string,
  location: { protocol: string; hostname: string; port: string },
) {
  return `${projectUrl(projectId, location)}favicon.ico`;
}

/** Filters projects by the switcher's search text (id or name). */
export function filterProjects(
  projects: Record<string, { name: string }>,
  query: string,
): Array<{ id: string; name: string }> {
  const q = query.trim().toLowerCase();
  return Object.entries(projects)
    .map(([id, p]) => ({ id, name: p.name || id }))
    .filter((p) => !q || p.name.toLowerCase().includes(q) || p.id.toLowerCase().includes(q))
    .sort((a, b) => a.name.localeCompare(b.name));
}
