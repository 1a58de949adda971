import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, TOAST_MAX_CHARS } from '../toast';
import { ApiError, api, attempt, fetchText, request, setUnauthorizedHandler } from './client';

function respond(status: number, body: string, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(status === 204 ? null : body, { status, headers }));
}

describe('api client', () => {
  const onUnauthorized = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    onUnauthorized.mockReset();
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials, JSON and the anti-forgery header from local storage', async () => {
    localStorage.setItem('xsrfToken', 'tok-1');
    const fetchMock = respond(200, '{"ok":true}', { 'X-Current-User': 'ada@example.com' });
    vi.stubGlobal('fetch', fetchMock);
    const answer = await request('POST', '/auth/logout', { a: 1 });
    expect(answer).toEqual({ status: 200, data: { ok: true }, currentUser: 'ada@example.com' });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/auth/logout');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('tok-1');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it.each([400, 403])('parses %i answers as JSON without throwing', async (status) => {
    vi.stubGlobal('fetch', respond(status, '{"message":"No"}'));
    const answer = await request('GET', '/x');
    expect(answer.status).toBe(status);
    expect(answer.data).toEqual({ message: 'No' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs out on 401 unless told not to', async () => {
    vi.stubGlobal('fetch', respond(401, '{"message":"Sign in"}'));
    const answer = await request('GET', '/auth/tenant');
    expect(answer.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await request('POST', '/auth/loginwithpassword', {}, { logoutOn401: false });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns 500 into an error carrying the server message', async () => {
    vi.stubGlobal('fetch', respond(500, '{"message":"Database down"}'));
    const err = await request('GET', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'server', status: 500, message: 'Database down', fromServer: true });
  });

  it('turns any other status into an unknown-data error', async () => {
    vi.stubGlobal('fetch', respond(404, '{"message":"Not found"}'));
    await expect(request('GET', '/x')).rejects.toMatchObject({ kind: 'unknown', status: 404 });
    vi.stubGlobal('fetch', respond(429, '{}'));
    await expect(request('GET', '/x')).rejects.toMatchObject({ kind: 'unknown', message: 'Unknown data' });
  });

  it('reports an unparseable answer with its status and a message', async () => {
    vi.stubGlobal('fetch', respond(200, '<html>oops</html>'));
    const err = (await request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('unparseable');
    expect(err.status).toBe(200);
    expect(err.message).toMatch(/^200: /);
  });

  it('reports network failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request('GET', '/x')).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('api.* returns the body of a 200 and throws on a 400 with the server message', async () => {
    vi.stubGlobal('fetch', respond(200, '{"id":"1"}'));
    await expect(api.get('/auth/tenant')).resolves.toEqual({ id: '1' });
    vi.stubGlobal('fetch', respond(400, '{"message":"name is required"}'));
    await expect(api.post('/auth/register', {})).rejects.toMatchObject({
      status: 400,
      message: 'name is required',
    });
  });

  it('attempt shows an error toast (server message preferred, cut to 150 chars) and answers false', async () => {
    vi.stubGlobal('fetch', respond(400, JSON.stringify({ message: 'x'.repeat(400) })));
    const before = getToasts().length;
    await expect(attempt(() => api.post('/x'), 'Fallback')).resolves.toBe(false);
    const toast = getToasts()[before];
    expect(toast.type).toBe('error');
    expect(toast.message).toHaveLength(TOAST_MAX_CHARS);
    vi.stubGlobal('fetch', respond(502, 'not json'));
    await attempt(() => api.post('/x'), 'Fallback');
    expect(getToasts().at(-1)?.message).toBe('Fallback');
  });

  it('fetchText returns null unless the status is 200', async () => {
    vi.stubGlobal('fetch', respond(200, '# Title', { 'Content-Type': 'text/markdown' }));
    await expect(fetchText('/help/a.md')).resolves.toBe('# Title');
    vi.stubGlobal('fetch', respond(404, 'nope'));
    await expect(fetchText('/help/a.md')).resolves.toBeNull();
    vi.stubGlobal('fetch', respond(200, '<!doctype html>', { 'Content-Type': 'text/html' }));
    await expect(fetchText('/help/a.md')).resolves.toBeNull();
  });
});
