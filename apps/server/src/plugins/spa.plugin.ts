import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where `npm run build -w apps/web` puts the SPA. */
export const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const API_PREFIXES = ['/api/', '/auth/', '/features/'];

/**
 * Serves the built SPA: files by name (hashed assets cached for a year), and index.html for any
 * other GET that is not an API call or a file, so history-mode routes survive a reload. API and
 * file misses are JSON 404s.
 */
export default fp(async function spaPlugin(app: FastifyInstance, opts: { root?: string }) {
  const root = opts.root ?? WEB_DIST;
  const hasSpa = existsSync(join(root, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        if (path.includes(`${join(root, 'assets')}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isApi =
      API_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1)) || /\.md$/.test(path);
    // The app's routes have no extension: a missing file (a stale asset) is a 404, not the page,
    // which a script or style tag would be handed as HTML.
    const isFile = /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));
    if (hasSpa && !isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: `No such route: ${request.method} ${path}` });
  });
});
