import { type HTMLAttributes, useMemo } from 'react';
import { type SanitizeOptions, sanitizeHtml } from './safe-html';

export type SafeHtmlProps = SanitizeOptions &
  Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'> & { html: string };

/**
 * HTML from the server or our own renderers, sanitised, in a div: the one place the app sets
 * innerHTML. Other props (class name, test id) go to the div.
 */
export function SafeHtml({ html, svg, ...rest }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html, { svg }), [html, svg]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
  return <div {...rest} dangerouslySetInnerHTML={{ __html: clean }} />;
}
