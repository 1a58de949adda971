import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setUnauthorizedHandler } from './client';
import { uploadFile } from './upload';

type ProgressHandler = (e: { loaded: number; total: number; lengthComputable: boolean }) => void;

/** A stand-in XMLHttpRequest: records what was sent and answers when told. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ProgressHandler | null; onload: ProgressHandler | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

const file = () => new File(['a,b\n1,2\n'], 'sales.csv', { type: 'text/csv' });

describe('uploadFile', () => {
  const onUnauthorized = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    onUnauthorized.mockReset();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the file as the multipart field `file` with cookies, the anti-forgery header and progress', async () => {
    localStorage.setItem('xsrfToken', 'tok-9');
    const progress = vi.fn();
    const done = uploadFile('POST /api/v1/datasource/upload', file(), { onProgress: progress });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/datasource/upload');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('tok-9');
    expect(xhr.headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
    expect((xhr.body!.get('file') as File).name).toBe('sales.csv');
    xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 5, total: 0, lengthComputable: false });
    // The end of the body is reported even when no progress event came (small files).
    xhr.upload.onload?.({ loaded: 0, total: 0, lengthComputable: false });
    const size = file().size;
    expect(progress.mock.calls).toEqual([
      [5, 10],
      [5, 0],
      [size, size],
    ]);
    xhr.answer(200, '{"datasource_id":"ds-1"}');
    await expect(done).resolves.toEqual({ datasource_id: 'ds-1' });
  });

  it("throws the server's message on 400 and logs out on 401", async () => {
    const bad = uploadFile('POST /api/v1/datasource/upload', file());
    FakeXhr.last.answer(400, '{"message":"Invalid configuration provided."}');
    await expect(bad).rejects.toMatchObject({
      kind: 'status',
      status: 400,
      message: 'Invalid configuration provided.',
      fromServer: true,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    const out = uploadFile('POST /api/v1/datasource/upload', file());
    FakeXhr.last.answer(401, '{"message":"Not signed in"}');
    await expect(out).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('throws for 413, 500, unparseable answers, network failures and aborts', async () => {
    const big = uploadFile('POST /api/v1/datasource/upload', file());
    FakeXhr.last.answer(413, '{"message":"File too large"}');
    await expect(big).rejects.toMatchObject({ kind: 'unknown', status: 413, message: 'File too large' });
    const boom = uploadFile('POST /api/v1/datasource/upload', file());
    FakeXhr.last.answer(500, '{"message":"x"}');
    await expect(boom).rejects.toMatchObject({ kind: 'server', status: 500 });
    const html = uploadFile('POST /api/v1/datasource/upload', file());
    FakeXhr.last.answer(502, '<html>');
    await expect(html).rejects.toMatchObject({ kind: 'unparseable', status: 502 });
    const net = uploadFile('POST /api/v1/datasource/upload', file());
    FakeXhr.last.onerror?.();
    await expect(net).rejects.toMatchObject({ kind: 'network' });
    const ctrl = new AbortController();
    const aborted = uploadFile('POST /api/v1/datasource/upload', file(), { signal: ctrl.signal });
    ctrl.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await expect(
      uploadFile('POST /api/v1/datasource/upload', file(), { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
