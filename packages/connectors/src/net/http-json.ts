/**
 * The one outbound HTTP call of API sources (D1, Formbricks): the host is resolved and checked
 * once (host-guard), the socket connects to that checked address (a pinned lookup, so DNS
 * rebinding cannot swap in a private one) while TLS and the Host header keep the name, and every
 * call has a timeout and a size cap. Errors never carry the request's headers (tokens, keys).
 */

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { networkFailure } from '../connection-errors';
import { ConnectorError } from '../connector';
import { resolvePublicHost } from './host-guard';

export interface THttpJsonRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** The whole call, connect to last byte. */
  timeoutMs: number;
  /** Aborts the call early (the caller's own timeout); answers ConnectorError('timeout'). */
  signal?: AbortSignal;
  allowPrivateHosts: boolean;
}

export interface THttpJsonResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or null when the body was empty or not JSON. */
  json: unknown;
}

/** Bodies larger than this are refused (a source answering far more than any card needs). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** A lookup that answers only the address the guard checked. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address) === 6 ? 6 : 4;
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/** Sends one JSON request to a checked address; network failures become ConnectorErrors. */
export async function requestJson(request: THttpJsonRequest): Promise<THttpJsonResponse> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new ConnectorError('invalid_config', 'The API address is not a valid URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConnectorError('invalid_config', 'The API address must start with https://.');
  if (request.signal?.aborted) throw new ConnectorError('timeout', 'The request was cancelled.');
  const [address] = await resolvePublicHost(url.hostname, { allowPrivateHosts: request.allowPrivateHosts });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const body = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<THttpJsonResponse>((resolve, reject) => {
    let settled = false;
    const finish = (error: ConnectorError | null, value?: THttpJsonResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(value!);
    };
    const onAbort = () => finish(new ConnectorError('timeout', 'The request was cancelled.'));
    const timer = setTimeout(
      () => finish(new ConnectorError('timeout', `${host} did not answer within ${request.timeoutMs} ms.`)),
      request.timeoutMs,
    );
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const req = transport.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: request.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...request.headers,
        },
        lookup: pinnedLookup(address),
        // The certificate is checked against the name the user gave, not the address.
        servername: isIP(host) ? undefined : host,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES)
            finish(new ConnectorError('query_failed', `${host} answered more data than a source may.`));
          else chunks.push(chunk);
        });
        res.on('error', () => finish(new ConnectorError('unreachable', `The connection to ${host} broke.`)));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          finish(null, { status: res.statusCode ?? 0, headers: res.headers, json });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        networkFailure(error, { host, port: url.port || (url.protocol === 'https:' ? 443 : 80) }) ??
          new ConnectorError('unreachable', `Cannot reach ${host}${error.code ? ` (${error.code})` : ''}.`),
      ),
    );
    req.end(body);
  });
}

/** Seconds of a Retry-After header (a number or an HTTP date) as milliseconds, or null. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Resolves after `ms`, or early (rejecting) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ConnectorError('timeout', 'The request was cancelled.'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ConnectorError('timeout', 'The request was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
