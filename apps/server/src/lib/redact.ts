import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets: link tokens, OAuth codes and state, anti-forgery tokens. */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'xsrftoken', 'id_token', 'access_token']);

/** A URL fit for the log: secret query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeSafe(eq < 0 ? pair : pair.slice(0, eq))
        .toLowerCase()
        .replace(/\[\]$/, '');
      return SECRET_PARAMS.has(name) && eq >= 0 ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The request log serializer: Fastify's usual fields, with the URL redacted. */
function safeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Adds the redacting request serializer to a Fastify logger option, so links never reach the log. */
export function withSafeRequestLogs(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const base = logger === true ? {} : (logger as { serializers?: Record<string, unknown> });
  return { ...base, serializers: { ...base.serializers, req: safeRequest } };
}
