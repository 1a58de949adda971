import { useQuery } from '@tanstack/react-query';
import { fetchText } from '../../../lib/api';

/** The static article /help/{id}.md as Markdown; null when it is missing. */
export function useHelpArticle(id: string) {
  return useQuery({
    queryKey: ['help', id],
    queryFn: ({ signal }) => fetchText(`/help/${encodeURIComponent(id)}.md`, signal),
    staleTime: Infinity,
  });
}
