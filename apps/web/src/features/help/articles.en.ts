import { articlesById } from './articles-by-id';

/** The English help articles (apps/server/help/*.md), bundled into this chunk at build time. */
export default articlesById(
  import.meta.glob<string>('../../../../server/help/*.md', { query: '?raw', import: 'default', eager: true }),
);
