import type { ServerOptions } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file upload: its body may take up to UPLOAD_TIMEOUT_MS, as long as it keeps arriving. */
    upload?: true;
  }
}

/**
 * The HTTP server's own limits (Fastify's server options): headers must arrive within
 * REQUEST_TIMEOUT_MS and any request within UPLOAD_TIMEOUT_MS, checked often enough that a
 * client is closed close to its deadline rather than up to Node's default 30 s after it.
 */
export function serverTimeouts(config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'UPLOAD_TIMEOUT_MS'>): {
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: config.UPLOAD_TIMEOUT_MS,
    http: {
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      requestTimeout: config.UPLOAD_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.REQUEST_TIMEOUT_MS / 4))),
    },
  };
}

/**
 * Closes a client whose request does not arrive in time (a slow POST that sends its headers and
 * then trickles or stops its body): every request has REQUEST_TIMEOUT_MS to arrive in full; an
 * upload (up to UPLOAD_LIMIT_MB on a slow link) is closed when no byte came for that long, and
 * the server's requestTimeout bounds it in all.
 */
export default fp(async function requestDeadlinePlugin(app: FastifyInstance) {
  const limit = app.config.REQUEST_TIMEOUT_MS;
  const step = Math.max(50, Math.floor(limit / 4));
  const timers = new WeakMap<object, NodeJS.Timeout>();

  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const socket = raw.socket;
    // Injected requests (tests) have no socket to close.
    if (!(socket instanceof Socket) || raw.complete) return done();
    const upload = request.routeOptions.config?.upload === true;
    const started = Date.now();
    let lastBytes = socket.bytesRead;
    let lastProgress = started;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      const now = Date.now();
      if (socket.bytesRead !== lastBytes) {
        lastBytes = socket.bytesRead;
        lastProgress = now;
      }
      if (now - (upload ? lastProgress : started) < limit) return;
      clearInterval(timer);
      request.log.info({ upload, received: socket.bytesRead }, 'request did not arrive in time: closed');
      socket.destroy();
    }, step);
    timer.unref();
    timers.set(request, timer);
    done();
  });

  // Answered with the whole request read: nothing left to watch.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.raw.complete) clearInterval(timers.get(request));
    done();
  });
});
