import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';

/** Help articles ship with the app as markdown files in apps/server/help/ (English), help/tr/ (Turkish). */
export const HELP_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../help');

/** Languages articles are written in; English is the fallback and lives in HELP_DIR itself. */
const ARTICLE_LANGUAGES = ['en', 'tr'] as const;
type ArticleLanguage = (typeof ARTICLE_LANGUAGES)[number];

// The spec's text for a missing article (spec 1 §7).
const NO_CONTENT = 'No Content Found!';

/** The articles of one language folder by id. */
async function readArticles(dir: string): Promise<Map<string, string>> {
  const articles = new Map<string, string>();
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    articles.set(file.slice(0, -3), await readFile(join(dir, file), 'utf8'));
  }
  return articles;
}

const isArticleLanguage = (tag: string): tag is ArticleLanguage =>
  (ARTICLE_LANGUAGES as readonly string[]).includes(tag);

/** The first article language an Accept-Language header names ("tr-TR,tr;q=0.9" → tr), else null. */
export function acceptedLanguage(header: string | undefined): ArticleLanguage | null {
  const tags = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', q = 'q=1'] = part.trim().split(';');
      return { base: tag.split('-')[0]!.toLowerCase(), q: Number(q.trim().replace(/^q=/, '')) || 0 };
    })
    .filter((tag) => tag.q > 0)
    .sort((a, b) => b.q - a.q);
  return tags.map((tag) => tag.base).find(isArticleLanguage) ?? null;
}

/**
 * Which article a file name asks for: `{id}.md` in the reader's language (Accept-Language), or
 * `{id}.{lang}.md` in that one, as the web app asks in its own language.
 */
export function articleRequest(
  file: string,
  acceptLanguage: string | undefined,
): { id: string; language: ArticleLanguage } | null {
  if (!file.endsWith('.md')) return null;
  const name = file.slice(0, -3);
  const dot = name.lastIndexOf('.');
  const suffix = dot < 0 ? '' : name.slice(dot + 1);
  if (isArticleLanguage(suffix)) return { id: name.slice(0, dot), language: suffix };
  return { id: name, language: acceptedLanguage(acceptLanguage) ?? 'en' };
}

/** Help articles as markdown (public: the sign-in screen links them too). */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  // Read once at start: the set is static, and a lookup by name can then never touch the disk path.
  const english = await readArticles(HELP_DIR);
  const byLanguage: Record<ArticleLanguage, Map<string, string>> = {
    en: english,
    tr: await readArticles(join(HELP_DIR, 'tr')),
  };

  route(app, 'GET /help/:file', async (request, reply) => {
    const wanted = articleRequest(request.params.file, request.headers['accept-language']);
    // /help/{id} without .md is the SPA's article page, opened in a new tab.
    if (wanted === null) return reply.callNotFound();
    // An article not yet translated is served in English rather than not at all.
    const language = byLanguage[wanted.language].has(wanted.id) ? wanted.language : 'en';
    const text = byLanguage[language].get(wanted.id);
    // A miss is a refusal like any other ({ message }); the web shows the spec's text for any non-200.
    if (text === undefined) return reply.status(404).send({ message: NO_CONTENT });
    return reply
      .type('text/markdown; charset=utf-8')
      .header('Content-Language', language)
      .header('Vary', 'Accept-Language')
      .send(text);
  });
}
