import { articlesById } from './articles-by-id';

/** The Turkish help articles (apps/server/help/tr/*.md), bundled into this chunk at build time. */
export default articlesById(
  import.meta.glob<string>('../../../../server/help/tr/*.md', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);
