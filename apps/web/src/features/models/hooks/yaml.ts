import type { TModelView } from '@parley/contract';
import { ApiError, handleUnauthorized, messageOf } from '../../../lib/api';
import { getXsrfToken } from '../../../lib/storage';

/**
 * PUT /api/v1/datasource/{id}/model.yaml with the file's text as `text/yaml`: the contract gives
 * this endpoint no JSON body, so it cannot go through `api.call`, which always sends JSON. It
 * answers as `api.call` does: a 400 throws the server's message (which names the line).
 */
export async function putModelYaml(id: string, text: string): Promise<TModelView> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'text/yaml' };
  const xsrf = getXsrfToken();
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  let response: Response;
  try {
    response = await fetch(`/api/v1/datasource/${encodeURIComponent(id)}/model.yaml`, {
      method: 'PUT',
      headers,
      credentials: 'include',
      body: text,
    });
  } catch (err) {
    throw new ApiError('network', 0, err instanceof Error ? err.message : 'Network error');
  }
  const body = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = body === '' ? {} : JSON.parse(body);
  } catch {
    throw new ApiError('unparseable', response.status, `${response.status}: Unparseable answer`);
  }
  if (response.status === 200) return parsed as TModelView;
  if (response.status === 401) handleUnauthorized();
  const m = messageOf(parsed);
  throw new ApiError(
    'status',
    response.status,
    m ?? `Request failed (${response.status})`,
    m !== null,
    parsed,
  );
}
