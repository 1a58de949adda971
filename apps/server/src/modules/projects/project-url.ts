/** The project of bare hosts (localhost, IP addresses) and unknown host labels (spec 1 §1). */
export const DEFAULT_PROJECT = 'default';

/**
 * The address of a project: PUBLIC_URL with the host's first label replaced by the project id
 * (spec 1 §2.3); a single-label host (localhost) gets the id prefixed. The default project and
 * IP hosts stay on PUBLIC_URL.
 */
export function projectUrl(publicUrl: string, projectId: string): string {
  if (projectId === DEFAULT_PROJECT) return publicUrl;
  const url = new URL(publicUrl);
  const host = url.hostname;
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return publicUrl;
  const labels = host.split('.');
  url.hostname = labels.length === 1 ? `${projectId}.${host}` : [projectId, ...labels.slice(1)].join('.');
  return url.toString().replace(/\/$/, '');
}
