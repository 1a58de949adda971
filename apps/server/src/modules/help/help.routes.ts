import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';

/** Help articles ship with the app as markdown files in apps/server/help/. */
export const HELP_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../help');

// The spec's text for a missing article (spec 1 §7).
const NO_CONTENT = 'No Content Found!';

/** Help articles as markdown (public: the sign-in screen links them too). */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  // Read once at start: the set is static, and a lookup by name can then never touch the disk path.
  const articles = new Map<string, string>();
  const files = await readdir(HELP_DIR).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    articles.set(file.slice(0, -3), await readFile(join(HELP_DIR, file), 'utf8'));
  }

  route(app, 'GET /help/:file', async (request, reply) => {
    const id = request.params.file.endsWith('.md') ? request.params.file.slice(0, -3) : null;
    // /help/{id} without .md is the SPA's article page, opened in a new tab.
    if (id === null) return reply.callNotFound();
    const text = articles.get(id);
    // A miss is a refusal like any other ({ message }); the web shows the spec's text for any non-200.
    if (text === undefined) return reply.status(404).send({ message: NO_CONTENT });
    return reply.type('text/markdown; charset=utf-8').send(text);
  });
}
