import type { EndpointKey, EndpointOutput, Endpoints } from '@parley/contract';
import { getXsrfToken } from '../storage';
import { handleUnauthorized, JSON_STATUSES, messageOf } from './client';
import { ApiError } from './errors';

/** Endpoints that take a multipart upload (`upload: true` in the contract). */
export type UploadKey = {
  [K in EndpointKey]: Endpoints[K] extends { upload: true } ? K : never;
}[EndpointKey];

export interface UploadOptions {
  /** Called as the body goes out: bytes sent and the total (0 when the browser does not know it). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart/form-data (field `file`) and returns the body of its 200. fetch has
 * no upload progress, so this is the one XMLHttpRequest of the app; otherwise it answers as
 * `api.call` does: cookies and the anti-forgery header go along, a 401 logs out, 400/401/403
 * throw ApiError('status') with the server's message, 500 and other statuses throw too.
 */
export function uploadFile<K extends UploadKey>(
  key: K,
  file: File,
  options: UploadOptions = {},
): Promise<EndpointOutput<K>> {
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const url = key.slice(space + 1);
  const form = new FormData();
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const xsrf = getXsrfToken();
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.onprogress = (e) => report(e.loaded, e.lengthComputable ? e.total : 0);
      // A small body may go out without any progress event; its end is reported all the same.
      xhr.upload.onload = (e) => report(e.loaded || file.size, e.lengthComputable ? e.total : file.size);
    }
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', abort);

    xhr.onerror = () => {
      done();
      reject(new ApiError('network', 0, 'Network error'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.onload = () => {
      done();
      const { status } = xhr;
      let parsed: unknown;
      try {
        parsed = xhr.responseText === '' ? {} : JSON.parse(xhr.responseText);
      } catch {
        reject(new ApiError('unparseable', status, `${status}: ${xhr.statusText || 'Unparseable answer'}`));
        return;
      }
      const m = messageOf(parsed);
      if (status === 200) resolve(parsed as EndpointOutput<K>);
      else if (JSON_STATUSES.has(status)) {
        if (status === 401) handleUnauthorized();
        reject(new ApiError('status', status, m ?? `Request failed (${status})`, m !== null, parsed));
      } else if (status === 500)
        reject(new ApiError('server', status, m ?? 'Internal server error', m !== null, parsed));
      else reject(new ApiError('unknown', status, m ?? 'Unknown data', m !== null, parsed));
    };
    xhr.send(form);
  });
}
